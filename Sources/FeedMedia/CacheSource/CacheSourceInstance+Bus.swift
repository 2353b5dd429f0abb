internal import CFlickGstShim
internal import CGStreamer
import FeedHTTP
import Foundation

/// What a cache source element tells its pipeline on the bus: buffering
/// while a read is starved, and failures with their code as a value.
/// Any thread, never with the element's lock held.
extension CacheSourceInstance {
    /// Posts a BUFFERING message (0 while starved, 100 when bytes came).
    /// Never with `condition` held.
    func postBuffering(_ percent: Int32) {
        let object = element.assumingMemoryBound(to: GstObject.self)
        guard let message = gst_message_new_buffering(object, percent) else { return }
        _ = gst_element_post_message(element.assumingMemoryBound(to: GstElement.self), message)
    }

    func postError(_ failure: FetchFailure) {
        let code: GstResourceError
        switch failure.code {
        case .sourceNotFound: code = GST_RESOURCE_ERROR_NOT_FOUND
        case .networkUnavailable: code = GST_RESOURCE_ERROR_OPEN_READ
        case .httpError where failure.httpStatus == 401 || failure.httpStatus == 403: code = GST_RESOURCE_ERROR_NOT_AUTHORIZED
        default: code = GST_RESOURCE_ERROR_READ
        }
        // The code travels as a value in the message's details, not as words to match.
        flick_cache_src_post_error(element, Int32(code.rawValue), failure.message, failure.description,
                                   UInt32(clamping: failure.httpStatus ?? 0), failure.code.rawValue)
    }
}
