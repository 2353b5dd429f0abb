// Flick: swipe through short videos and photos, one full-window page at a time.
import CGLib
import FeedGObject
import FeedMedia
import Foundation

// A file size limit (ulimit -f) must fail the write that passes it, which
// the media cache handles, rather than kill the app.
signal(SIGXFSZ, SIG_IGN)

// glibc gives each thread that allocates at the same time as another an
// arena of its own, up to 8 per core, and keeps what is freed in each; a
// feed's GStreamer streaming threads filled 16 of them. Two arenas hold the
// fast bench mode's peak at 323–340 MiB instead of 395–399 for the same CPU
// (BENCHMARKS.md, "Memory"). A MALLOC_ARENA_MAX the user set wins.
if ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil {
    mallopt(M_ARENA_MAX, 2)
}

// Cache and data folders are the user's alone (0700, files 0600), whatever
// the umask: set before any thread starts.
PrivateFiles.adopt()

// Started by a first launch to ask OpenGL for the next one (RendererSetup).
if ProcessInfo.processInfo.environment[RendererSetup.probeVariable] == "1" {
    exit(MainActor.assumeIsolated { RendererSetup.runProbe() })
}

exit(FlickApp.run(arguments: Array(CommandLine.arguments.dropFirst())))
