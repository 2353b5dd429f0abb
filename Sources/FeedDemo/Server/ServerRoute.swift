import FeedMedia
import Foundation

/// What the media server answers at a path, as registered by `serve…`.
enum ServerRoute: Sendable {
    /// One file with a fixed content type.
    case file(URL, contentType: String)
    /// Every regular file below a folder; the content type is guessed per file.
    case directory(URL)
    /// A JSON body made per request from the query; nil is a 404.
    case json(@Sendable (_ query: [String: String]) -> Data?)
    /// POST answered by a handler, at one path.
    case post(MediaServer.PostHandler)
    /// POST answered by a handler, at every path below a prefix.
    case posts(MediaServer.PostHandler)
    /// GET answered by a handler: status, headers and body of its own.
    case answer(MediaServer.PostHandler)
}

/// A request's path matched against the routes. Pure: no disk access.
enum ResolvedRoute: Sendable {
    case file(URL, contentType: String?)
    case json(@Sendable (_ query: [String: String]) -> Data?)
    case post(MediaServer.PostHandler)
    case answer(MediaServer.PostHandler)
    case notFound

    /// Exact paths win; otherwise the longest directory or POST prefix whose
    /// remainder is a plain relative path (no `.`, `..` or empty components).
    /// - Parameter path: the request path as libsoup hands it to handlers,
    ///   percent escapes already decoded.
    static func resolve(_ path: String, in routes: [String: ServerRoute]) -> ResolvedRoute {
        if let route = routes[path] {
            switch route {
            case .file(let url, let contentType): return .file(url, contentType: contentType)
            case .json(let body): return .json(body)
            case .post(let handler): return .post(handler)
            case .answer(let handler): return .answer(handler)
            case .directory, .posts: break
            }
        }
        var best: (prefix: String, route: ServerRoute)?
        for (prefix, route) in routes {
            switch route {
            case .directory, .posts: break
            case .file, .json, .post, .answer: continue
            }
            guard path.hasPrefix(prefix), prefix.count > (best?.prefix.count ?? -1) else { continue }
            best = (prefix, route)
        }
        guard let best else { return .notFound }
        let components = path.dropFirst(best.prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty,
              components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
            return .notFound
        }
        switch best.route {
        case .directory(let directory):
            let file = components.reduce(directory) { $0.appendingPathComponent(String($1), isDirectory: false) }
            return .file(file, contentType: nil)
        case .posts(let handler):
            return .post(handler)
        case .file, .json, .post, .answer:
            return .notFound
        }
    }

    /// A route path as stored: always starting with "/".
    static func normalized(_ path: String) -> String {
        path.hasPrefix("/") ? path : "/" + path
    }

    /// A directory prefix as stored: starting and ending with "/".
    static func normalizedPrefix(_ prefix: String) -> String {
        let path = normalized(prefix)
        return path.hasSuffix("/") ? path : path + "/"
    }
}
