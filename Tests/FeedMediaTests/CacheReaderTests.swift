// A prepared player's reads through the cache: what the disk holds at
// once, nothing from the network until its post is current.
import CGLib
import CGStreamer
import FeedCore
import Foundation
import Testing
@testable import FeedMedia

@MainActor
@Suite("Reads of a prepared post wait for it to become current", .serialized)
struct CacheReaderTests {
    /// Starts a read on a worker thread; the slot fills when it returns.
    private func startRead(_ reader: PullReader, offset: Int, length: Int) -> ResultSlot<(flow: GstFlowReturn, data: Data)> {
        let slot = ResultSlot<(flow: GstFlowReturn, data: Data)>()
        Thread.detachNewThread {
            let result = reader.readNow(offset: offset, length: length)
            slot.lock.withLock { slot.value = result }
        }
        return slot
    }

    @Test("a prepared reader's miss asks nothing of the network; made current, it fetches and reads the origin's bytes")
    func heldUntilCurrent() async throws {
        let setup = try CacheSourceSetup(size: 600_000)
        defer { setup.tearDown() }
        setup.hub.setReader(.prepared, for: setup.key)
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let slot = startRead(reader, offset: 100_000, length: 4096)
        await FetchPump.pump(seconds: 10) { setup.hub.heldReads.load() == 1 }
        #expect(setup.hub.heldReads.load() == 1, "the read waits for its post")
        #expect(setup.served.server.requests(path: ServedFile.path).isEmpty, "a held read sends no request")
        #expect(slot.lock.withLock { slot.value == nil })

        setup.hub.setReader(.current, for: setup.key)
        await FetchPump.pump(seconds: 10) { slot.lock.withLock { slot.value != nil } }
        let read = try #require(slot.lock.withLock { slot.value })
        #expect(read.flow == GST_FLOW_OK)
        #expect(read.data == setup.served.data.subdata(in: 100_000..<104_096))
        #expect(setup.served.server.requests(path: ServedFile.path).count == 1)
        #expect(setup.hub.heldReads.load() == 0)
    }

    @Test("a held read is served as soon as another fetch brings its bytes")
    func heldServedByAnotherFetch() async throws {
        let setup = try CacheSourceSetup(size: 600_000)
        defer { setup.tearDown() }
        setup.hub.setReader(.prepared, for: setup.key)
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let slot = startRead(reader, offset: 0, length: 4096)
        await FetchPump.pump(seconds: 10) { setup.hub.heldReads.load() == 1 }
        #expect(setup.hub.heldReads.load() == 1)

        let url = setup.served.base.appendingPathComponent("clip.mp4")
        let preload = try await FetchPump.fetch(setup.fetcher, url, range: 0..<65_536, into: setup.cache.store, key: setup.key)
        #expect(preload.end == .finished)
        await FetchPump.pump(seconds: 10) { slot.lock.withLock { slot.value != nil } }
        let read = try #require(slot.lock.withLock { slot.value })
        #expect(read.flow == GST_FLOW_OK)
        #expect(read.data == setup.served.data.subdata(in: 0..<4096))
        #expect(setup.served.server.requests(path: ServedFile.path).count == 1, "only the preload's request")
    }

    @Test("a flush ends a held read at once")
    func heldReadFlushes() async throws {
        let setup = try CacheSourceSetup(size: 600_000)
        defer { setup.tearDown() }
        setup.hub.setReader(.prepared, for: setup.key)
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let slot = startRead(reader, offset: 0, length: 4096)
        await FetchPump.pump(seconds: 10) { setup.hub.heldReads.load() == 1 }
        #expect(setup.hub.heldReads.load() == 1)
        gst_element_send_event(reader.element, gst_event_new_flush_start())
        await FetchPump.pump(seconds: 10) { slot.lock.withLock { slot.value != nil } }
        #expect(slot.lock.withLock { slot.value?.flow } == GST_FLOW_FLUSHING)
        #expect(setup.served.server.requests(path: ServedFile.path).isEmpty)
    }
}
