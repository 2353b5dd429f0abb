import FeedCore
@testable import FeedDemo
@testable import FeedMedia
@testable import FeedSources
import FlickTestSupport
import Foundation
import Testing

/// A self-signed certificate for 127.0.0.1, made with openssl for one test
/// run: what a media host with an untrusted certificate presents.
enum SelfSignedCertificate {
    /// The certificate and its key, PEM.
    static func make(in directory: URL) throws -> String {
        let key = directory.appendingPathComponent("key.pem")
        let certificate = directory.appendingPathComponent("cert.pem")
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                             "-keyout", key.path, "-out", certificate.path, "-days", "2", "-subj", "/CN=127.0.0.1",
                             "-addext", "subjectAltName=IP:127.0.0.1"]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
        return try String(contentsOf: certificate, encoding: .utf8) + String(contentsOf: key, encoding: .utf8)
    }
}

/// An untrusted certificate on a feed, media or picture host gives
/// TLS_ERROR, saying what is wrong with the certificate, everywhere.
@Suite(.serialized) @MainActor struct TLSFailureTests {
    static let problem = "not signed by a known certificate authority"

    /// An HTTPS server with a self-signed certificate serving a clip, a
    /// picture and a feed page.
    final class Host {
        let temp: TemporaryDirectory
        let server: MediaServer
        let base: URL

        init() throws {
            try MediaRuntime.initialize()
            temp = try TemporaryDirectory()
            let pem = try SelfSignedCertificate.make(in: temp.url)
            server = MediaServer(options: .init(tlsCertificatePEM: pem))
            let clip = try PlaybackClips.get().videos[0]
            server.serveFile(clip, at: "/clip.mp4", contentType: "video/mp4")
            let picture = temp.url.appendingPathComponent("photo.png")
            try writePicture(picture, width: 32, height: 32) { _, _ in (9, 9, 9) }
            server.serveFile(picture, at: "/photo.png", contentType: "image/png")
            server.serveJSON(at: "/feed.json") { _ in feedPage(1...2, next: nil) }
            base = try server.startOnOwnThread()
        }

        func tearDown() {
            server.stop()
            temp.remove()
        }
    }

    @Test func aFeedOnAnUntrustedHostFailsWithTLSError() async throws {
        let host = try Host()
        defer { host.tearDown() }
        #expect(host.base.scheme == "https")
        let loader = FeedPageLoader(feedURL: host.base.appendingPathComponent("feed.json"))
        let result = try await FeedTestPump.load { loader.loadFirst(completion: $0) }
        guard case .failure(let error) = result, case .tls(let problem) = error else {
            Issue.record("expected a TLS failure, got \(result)")
            return
        }
        #expect(error.code == .tlsError)
        #expect(!error.isRetryable)
        #expect(problem.contains(Self.problem), "\(problem)")
    }

    @Test func mediaRangesAndPicturesFromAnUntrustedHostFailWithTLSError() async throws {
        let host = try Host()
        defer { host.tearDown() }
        let store = try TestStore()
        defer { store.remove() }
        let result = try await FetchPump.fetch(RangeFetcher(), host.base.appendingPathComponent("clip.mp4"),
                                               range: 0..<1024, into: store.store, key: CacheKey(kind: .video, source: "tls"))
        guard case .failed(let failure) = result.end else {
            Issue.record("expected a failure, got \(result.end)")
            return
        }
        #expect(failure.code == .tlsError)
        #expect(failure.message.contains(Self.problem), "\(failure.message)")

        let cache = try MediaCache(directory: host.temp.url.appendingPathComponent("media"),
                                   budgets: CacheBudgets(videoBytes: 10_000_000, imageBytes: 10_000_000))
        defer { cache.close() }
        let url = host.base.appendingPathComponent("photo.png")
        var answer: Result<StillFile, RemoteImageError>?
        cache.fetchStill(url, for: FeedItem(id: "tls-photo", kind: .image, uri: url.absoluteString)) { answer = $0 }
        _ = await pumpUntil(10) { answer != nil }
        guard case .failure(let error)? = answer else {
            Issue.record("expected a failure, got \(String(describing: answer))")
            return
        }
        #expect(PictureFailure(error).code == .tlsError)
    }

    @Test func aVideoPlayedThroughTheCacheFromAnUntrustedHostFailsWithTLSError() async throws {
        let host = try Host()
        defer { host.tearDown() }
        let store = try TestStore()
        defer { store.remove() }
        let fetcher = RangeFetcher()
        let hub = try #require(CacheSource.makeHub(store: store.store, fetcher: fetcher))
        let player = try VideoPlayer(id: 31)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let uri = hub.uri(for: host.base.appendingPathComponent("clip.mp4"), key: CacheKey(kind: .video, source: "tls-clip"))
        let generation = player.load(uri: uri, box: PixelSize(width: 64, height: 64), fit: .cover)
        player.play()
        _ = await pumpUntil(15) { recorder.failure(of: generation) != nil }
        #expect(recorder.failure(of: generation)?.code == .tlsError)
    }
}

extension TLSFailureTests {
    /// souphttpsrc (HLS, and videos played straight from the network) says
    /// only "Internal data stream error"; the player asks the server itself.
    @Test func aVideoPlayedStraightFromAnUntrustedHostFailsWithTLSError() async throws {
        let host = try Host()
        defer { host.tearDown() }
        let player = try VideoPlayer(id: 32)
        defer { player.destroy() }
        let recorder = PlayerRecorder(player)
        let generation = player.load(uri: host.base.appendingPathComponent("clip.mp4").absoluteString,
                                     box: PixelSize(width: 64, height: 64), fit: .cover)
        player.play()
        _ = await pumpUntil(15) { recorder.failure(of: generation) != nil }
        #expect(recorder.failure(of: generation)?.code == .tlsError, "\(String(describing: recorder.failure(of: generation)))")
    }
}
