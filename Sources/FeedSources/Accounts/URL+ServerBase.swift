import FeedCore
import Foundation

extension URL {
    /// The base of a service's API on `server` (`HOST[:PORT]`, as an
    /// account names it): https, or http on a loopback host
    /// (``FeedCore/ServiceAddress/baseURL(ofServer:)``); nil when `server`
    /// is not one.
    init?(serverBase server: String) {
        guard let text = ServiceAddress.baseURL(ofServer: server) else { return nil }
        self.init(string: text)
    }
}
