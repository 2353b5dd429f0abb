import FeedCore
import Foundation
import Testing
@testable import FeedMedia

struct PictureFailureTests {
    @Test("a picture's failure carries its code, status and whether Retry may help, decided once")
    func decided() {
        let unavailable = PictureFailure(RemoteImageError.httpStatus(503))
        #expect(unavailable.code == .httpError && unavailable.httpStatus == 503 && unavailable.retryable)
        let gone = PictureFailure(RemoteImageError.httpStatus(404))
        #expect(gone.code == .sourceNotFound && !gone.retryable)
        let pipe = PictureFailure(MediaDecodeError.notAFile("/tmp/p.png", what: "a pipe, socket or device"))
        #expect(pipe.code == .unsupportedFormat && pipe.httpStatus == nil && !pipe.retryable)
        let other = PictureFailure(CocoaError(.fileReadUnknown))
        #expect(other.code == .imageDecodeFailed && !other.retryable)
    }
}
