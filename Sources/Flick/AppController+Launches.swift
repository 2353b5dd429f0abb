import CGLib
import CGtk
import FeedCore
import FeedMedia
import FlickTooling
import FeedSources
import Foundation

/// What later launches hand the running Flick: `flick FOLDER` while Flick
/// runs, or Open With in a file manager. The first source shows in this
/// window, the others are listed in the sidebar; a word that names nothing
/// Flick opens is said in a toast.
extension AppController {
    /// `uris`: the files (`file://…`) and addresses another launch named,
    /// in order. With no window yet (the session bus started this Flick to
    /// open them), the window is made now and starts with them.
    func openHandedOver(_ uris: [String], application: UnsafeMutablePointer<AdwApplication>) {
        guard let window else {
            activate(application: application, handedOver: uris)
            return
        }
        window.present()
        var sources: [CommandLineOptions.Source] = []
        for uri in uris {
            do throws(CommandLineOptions.ParseError) {
                sources.append(try CommandLineOptions.source(for: uri))
            } catch {
                window.showToast(error.description)
            }
        }
        guard let first = sources.first else { return }
        list(Array(sources.dropFirst()))
        open(first)
    }

    /// Shows `source` as the sidebar would.
    func open(_ source: CommandLineOptions.Source) {
        switch source {
        case .demo: open(entry: SourceLibrary.demo)
        case .folder(let path): open(folderAt: path)
        case .playlist(let path): openLocal(.playlist(path))
        case .remote(let url): open(feedAddress: .url(url))
        case .service(let address): open(feedAddress: .service(address))
        case .bluesky(let address): open(feedAddress: .bluesky(address))
        case .forYou: openForYou()
        }
    }

    /// Lists `sources` in the sidebar (once each) without opening them.
    func list(_ sources: [CommandLineOptions.Source]) {
        guard !sources.isEmpty else { return }
        for source in sources { if let entry = Self.entry(for: source) { library.add(entry) } }
        settings?.sources = library
        refreshSidebar()
    }

    /// How the sidebar lists `source` (For You is no entry: it mixes them).
    static func entry(for source: CommandLineOptions.Source) -> SourceLibrary.Entry? {
        switch source {
        case .demo: SourceLibrary.demo
        case .folder(let path):
            SourceLibrary.Entry(kind: .folder, name: FolderFeedSource.displayName(path), address: Self.absolute(path))
        case .playlist(let path):
            SourceLibrary.Entry(kind: .playlist, name: URL(fileURLWithPath: Self.absolute(path)).lastPathComponent,
                                address: Self.absolute(path))
        case .remote(let url): entry(for: url)
        case .service(let address): entry(for: address)
        case .bluesky(let address): entry(for: address)
        case .forYou: nil
        }
    }

    /// `path` made absolute (`~` expanded), as the sidebar keeps it.
    private static func absolute(_ path: String) -> String {
        FolderFeedSource.directory(path).path
    }
}
