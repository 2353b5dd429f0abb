import Testing
@testable import FeedDemo
@testable import FeedMedia

@Suite struct MediaRuntimeTests {
    @Test func initializesOnThisMachineAndCanBeCalledAgain() throws {
        try MediaRuntime.initialize()
        try MediaRuntime.initialize()
        #expect(MediaElement.aacEncoders.contains(MediaRuntime.aacEncoder))
    }

    @Test func aMissingElementNamesItsDebianPackageAndTheSetUpScript() {
        let error = MediaRuntime.firstMissing { $0 != "x264enc" }
        #expect(error == .missingElement("x264enc", package: "gstreamer1.0-plugins-ugly"))
        let line = error?.description ?? ""
        #expect(line.contains("x264enc"))
        #expect(line.contains("gstreamer1.0-plugins-ugly"))
        #expect(line.contains("meson-helpers/setup-debian.sh"))
        #expect(!line.contains("\n"))
    }

    @Test func theTextOverlayComesFromDebiansPangoPackage() {
        #expect(MediaRuntime.firstMissing { $0 != "textoverlay" } == .missingElement("textoverlay", package: "gstreamer1.0-x"))
    }

    @Test func anyOneAACEncoderIsEnough() {
        #expect(MediaRuntime.firstMissing { $0 != "avenc_aac" && $0 != "fdkaacenc" } == nil)
        #expect(MediaRuntime.firstMissing { !MediaElement.aacEncoders.contains($0) }
                == .missingElement("avenc_aac", package: "gstreamer1.0-libav"))
    }

    @Test func theOptionalClockOverlayIsNotRequired() {
        #expect(MediaRuntime.firstMissing { $0 != "clockoverlay" } == nil)
    }

    @Test func everyRequiredElementHasAPackage() {
        for element in MediaElement.required {
            #expect(element.package.hasPrefix("gstreamer1.0-") || element.package == "libgstreamer1.0-0")
        }
    }
}
