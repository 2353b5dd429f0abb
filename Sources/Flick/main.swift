// Flick: swipe through short videos and photos, one full-window page at a time.
import Foundation

// A file size limit (ulimit -f) must fail the write that passes it, which
// the media cache handles, rather than kill the app.
signal(SIGXFSZ, SIG_IGN)

exit(FlickApp.run(arguments: Array(CommandLine.arguments.dropFirst())))
