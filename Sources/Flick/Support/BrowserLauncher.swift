import CGLib
import FeedGObject
import Foundation

/// Opens an address in the user's default browser through GIO (the
/// handler of `x-scheme-handler/https`, or the OpenURI portal in a
/// sandbox): what `gtk_show_uri` does, usable without a window.
@MainActor
enum BrowserLauncher {
    /// Opens `url`; `completion(nil)` once launched, or the reason it was not.
    static func open(_ url: URL, completion: @escaping @MainActor (String?) -> Void) {
        g_app_info_launch_default_for_uri_async(url.absoluteString, nil, nil, AsyncReady.callback, AsyncReady.userData { result in
            var error: UnsafeMutablePointer<GError>?
            let launched = g_app_info_launch_default_for_uri_finish(result, &error) != 0
            let reason = error.map { String(cString: $0.pointee.message) }
            if let error { g_error_free(error) }
            completion(launched ? nil : reason ?? "no reason given")
        })
    }
}
