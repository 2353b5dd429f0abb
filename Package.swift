// swift-tools-version:6.0
// Flick: a vertical feed of short videos and photos for GTK4.
// Layers (see DESIGN.md): FeedCore decides, FeedMedia acts, FeedUI shows,
// Flick wires them into the app. Arrows only point down that list;
// FeedGObject is the Swift-over-GObject layer under FeedMedia and FeedUI.
import PackageDescription

let package = Package(
    name: "Flick",
    products: [
        .executable(name: "flick", targets: ["Flick"]),
        .executable(name: "flick-bench", targets: ["FlickBench"]),
        /// Pure decisions, for any Swift program.
        .library(name: "FeedCore", targets: ["FeedCore"]),
        /// The feed widget, for another Swift GTK app that wants to embed it.
        .library(name: "FeedUI", targets: ["FeedUI"]),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(name: "CGLib", path: "Sources/CGLib",
                       pkgConfig: "glib-2.0 gobject-2.0 gio-2.0 gio-unix-2.0 gdk-pixbuf-2.0",
                       providers: [.apt(["libglib2.0-dev", "libgdk-pixbuf-2.0-dev"])]),
        .systemLibrary(name: "CGtk", path: "Sources/CGtk",
                       pkgConfig: "gtk4 libadwaita-1",
                       providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        .systemLibrary(name: "CGStreamer", path: "Sources/CGStreamer",
                       pkgConfig: "gstreamer-1.0 gstreamer-app-1.0 gstreamer-video-1.0 gstreamer-audio-1.0 gstreamer-tag-1.0 gstreamer-pbutils-1.0",
                       providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib",
                       pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSoup", path: "Sources/CSoup",
                       pkgConfig: "libsoup-3.0",
                       providers: [.apt(["libsoup-3.0-dev"])]),
        .systemLibrary(name: "CXML", path: "Sources/CXML",
                       pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CSecret", path: "Sources/CSecret",
                       pkgConfig: "libsecret-1",
                       providers: [.apt(["libsecret-1-dev"])]),
        .systemLibrary(name: "CEpoxy", path: "Sources/CEpoxy",
                       pkgConfig: "epoxy",
                       providers: [.apt(["libepoxy-dev"])]),
        // The thin C shims, one side each: what Swift cannot express
        // (macros, variadics, GObject type boilerplate). GLib's serves both
        // sides; GTK's only the widgets, GStreamer's only the engine, so the
        // engine never links GTK and the widgets never build against GStreamer.
        .target(name: "CFlickGLibShim", dependencies: ["CGLib"]),
        .target(name: "CFlickGtkShim", dependencies: ["CGLib", "CGtk"]),
        .target(name: "CFlickGstShim", dependencies: ["CGLib", "CGStreamer"]),

        .target(name: "FeedCore",
                swiftSettings: [.swiftLanguageMode(.v6)]),
        // Swift over GObject: owned references, signals, main-loop sources,
        // the hop to the GTK thread and the Swift-concurrency bridge.
        .target(name: "FeedGObject",
                dependencies: ["CGLib"],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        // HTTP both sides need: libsoup sessions and their options, a
        // bounded request read into memory, transport failures. Below the
        // engine and the sources, so neither reaches into the other for it.
        .target(name: "FeedHTTP",
                dependencies: ["FeedCore", "FeedGObject", "CGLib", "CSoup"],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        // Where posts come from: feeds and their formats, services
        // (PeerTube, Mastodon), accounts and sign-in, likes, the user's
        // folders and playlists, the names of saved files. No GStreamer: a
        // new service lands here and never touches the engine.
        .target(name: "FeedSources",
                dependencies: ["FeedCore", "FeedGObject", "FeedHTTP", "CGLib", "CSoup", "CXML", "CSecret"],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        // The media engine (playback, cache, range fetches, pictures) and
        // the session that drives it from what is on screen.
        .target(name: "FeedMedia",
                dependencies: ["FeedCore", "FeedGObject", "FeedHTTP", "FeedSources", "CGLib", "CGStreamer", "CSoup", "CZlib",
                               "CFlickGLibShim", "CFlickGstShim"],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        // The built-in demo: its media generation and the loopback HTTP
        // server that serves it (and `flick serve`, and the tests' servers).
        // Not part of the FeedUI product.
        .target(name: "FeedDemo",
                dependencies: ["FeedCore", "FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "CGLib", "CSoup"],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "FeedUI",
                dependencies: ["FeedCore", "FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "CGLib", "CGtk", "CFlickGLibShim", "CFlickGtkShim"],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(name: "Flick",
                          dependencies: ["FeedCore", "FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "FeedDemo", "FeedUI", "FlickTooling", "CGLib",
                                         "CGtk", "CEpoxy", "CFlickGLibShim"],
                          swiftSettings: [.swiftLanguageMode(.v6)]),
        // What the app and the bench share, none of it the app's own job:
        // the stress schedules and their report (the app's `--stress` hook
        // runs them), the command-line option parser and the log lines.
        .target(name: "FlickTooling",
                dependencies: ["FeedCore", "FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "FeedUI", "CGLib", "CGtk"],
                swiftSettings: [.swiftLanguageMode(.v6)]),
        // `flick-bench` (and `flick bench`, which runs it): the app paged
        // through the demo feed in a window, measured, with its yardsticks.
        .executableTarget(name: "FlickBench",
                          dependencies: ["FeedCore", "FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "FeedDemo", "FeedUI", "FlickTooling", "CGLib",
                                         "CGtk"],
                          swiftSettings: [.swiftLanguageMode(.v6)]),

        // Runs the GObject layer in a process of its own, where it owns the
        // main thread, and reports what it saw as JSON (used by FeedMediaTests).
        .executableTarget(name: "GObjectProbe",
                          dependencies: ["FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "CGLib"],
                          path: "Tests/Probes/GObjectProbe",
                          swiftSettings: [.swiftLanguageMode(.v6)]),

        // Writes to the range store until it is killed (SIGKILL), for the
        // cache's crash-safety tests.
        .executableTarget(name: "CacheWriterProbe",
                          dependencies: ["FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "FeedCore", "CGLib"],
                          path: "Tests/Probes/CacheWriterProbe",
                          swiftSettings: [.swiftLanguageMode(.v6)]),

        // A Wayland client that sends touchpad swipes and wheel notches
        // through sway's virtual-pointer protocol, for the touchpad tests on
        // real compositors (C: Wayland's requests are variadic).
        .executableTarget(name: "VirtualPointerProbe",
                          path: "Tests/Probes/VirtualPointerProbe",
                          linkerSettings: [.linkedLibrary("wayland-client")]),

        // Signal emission the tests need (variadic in C).
        .target(name: "CFlickTestShim", dependencies: ["CGLib"], path: "Tests/CFlickTestShim"),
        // What every test target shares: the main-loop pump, the
        // generated clips and pictures, and the service answers served
        // on loopback.
        .target(name: "FlickTestSupport", dependencies: ["CGLib", "FeedCore", "FeedMedia", "FeedHTTP", "FeedSources", "FeedDemo"], path: "Tests/TestSupport",
                swiftSettings: [.swiftLanguageMode(.v6)]),

        .testTarget(name: "FeedCoreTests", dependencies: ["FeedCore"],
                    resources: [.copy("Tables")],
                    swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "FeedMediaTests", dependencies: ["FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "FeedDemo", "FeedCore", "CGLib", "CGStreamer", "CFlickGLibShim", "GObjectProbe", "CacheWriterProbe", "FlickTestSupport"],
                    swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "FlickTests", dependencies: ["Flick", "FlickBench", "FlickTooling", "VirtualPointerProbe", "FeedCore", "FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "FeedDemo", "CGLib", "CGStreamer", "FlickTestSupport"],
                    swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(name: "FeedUITests", dependencies: ["FeedUI", "FeedCore", "FeedGObject", "FeedMedia", "FeedHTTP", "FeedSources", "FeedDemo", "CGLib", "CGtk", "CFlickGtkShim", "CFlickTestShim", "FlickTestSupport"],
                    swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
