// A prepared player's reads through the cache: what the disk holds at
// once, nothing from the network until its post is current.
import CGLib
import CGStreamer
import FeedCore
import FlickTestSupport
import Foundation
import Testing
@testable import FeedMedia

@MainActor
@Suite("Reads of a prepared post wait for it to become current", .serialized)
struct CacheReaderTests {
    typealias Read = (flow: GstFlowReturn, data: Data)

    /// Marks a served file's key as read by a prepared player, starts a
    /// read of 4 KiB at `offset` on a worker thread and waits until the
    /// element holds it; `body` goes on from there with the reader (the
    /// slot fills when the read returns).
    private func withHeldRead(at offset: Int, _ body: (CacheSourceSetup, PullReader, ResultSlot<Read>) async throws -> Void) async throws {
        let setup = try CacheSourceSetup(size: 600_000, label: "held-read")
        defer { setup.tearDown() }
        setup.hub.setReader(.prepared, for: setup.key)
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let slot = ResultSlot<Read>()
        Thread.detachNewThread {
            let result = reader.readNow(offset: offset, length: 4096)
            slot.lock.withLock { slot.value = result }
        }
        await FetchPump.pump(seconds: 10) { setup.hub.heldReads.load() == 1 }
        #expect(setup.hub.heldReads.load() == 1, "the read waits for its post")
        try await body(setup, reader, slot)
    }

    @Test("a prepared reader's miss asks nothing of the network; made current, it fetches and reads the origin's bytes")
    func heldUntilCurrent() async throws {
        try await withHeldRead(at: 100_000) { setup, _, slot in
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
    }

    @Test("a held read is served as soon as another fetch brings its bytes")
    func heldServedByAnotherFetch() async throws {
        try await withHeldRead(at: 0) { setup, _, slot in
            let url = setup.served.base.appendingPathComponent("clip.mp4")
            let preload = try await FetchPump.fetch(setup.fetcher, url, range: 0..<65_536, into: setup.cache.store, key: setup.key)
            #expect(preload.end == .finished)
            await FetchPump.pump(seconds: 10) { slot.lock.withLock { slot.value != nil } }
            let read = try #require(slot.lock.withLock { slot.value })
            #expect(read.flow == GST_FLOW_OK)
            #expect(read.data == setup.served.data.subdata(in: 0..<4096))
            #expect(setup.served.server.requests(path: ServedFile.path).count == 1, "only the preload's request")
        }
    }

    @Test("a flush ends a held read at once")
    func heldReadFlushes() async throws {
        try await withHeldRead(at: 0) { setup, reader, slot in
            gst_element_send_event(reader.element, gst_event_new_flush_start())
            await FetchPump.pump(seconds: 10) { slot.lock.withLock { slot.value != nil } }
            #expect(slot.lock.withLock { slot.value?.flow } == GST_FLOW_FLUSHING)
            #expect(setup.served.server.requests(path: ServedFile.path).isEmpty)
        }
    }

    @Test("the watched post's reads keep 2 MiB on disk ahead once it has been watched a second, and a miss fetches 2 MiB")
    func watchedKeepsBytesAhead() async throws {
        let setup = try CacheSourceSetup(size: 6_000_000, label: "watched")
        defer { setup.tearDown() }
        setup.hub.setReader(.watching, for: setup.key)
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let store = setup.cache.store
        let ahead = CacheReadPlan.watchedReadAheadBytes
        let first = await reader.run { $0.readNow(offset: 0, length: 4096) }
        #expect(first?.data == setup.served.data.subdata(in: 0..<4096))
        await FetchPump.pump(seconds: 10) { setup.served.server.requests(path: ServedFile.path).count >= 1
            && store.available(setup.key, from: 0) >= 4096 }
        // The top-up waits until the post has been watched for a while.
        await FetchPump.pump(seconds: CacheReadPlan.topUpAfterSeconds + 0.3) { false }
        let onDisk = store.available(setup.key, from: 0)
        let requestsBefore = setup.served.server.requests(path: ServedFile.path).count
        // A read served by the disk with less than 1 MiB after it: the next 2 MiB come, the read does not wait.
        let late = Int(onDisk) - 4096
        let served = await reader.run { $0.readNow(offset: late, length: 4096) }
        #expect(served?.data == setup.served.data.subdata(in: late..<late + 4096))
        await FetchPump.pump(seconds: 10) { store.available(setup.key, from: 0) >= onDisk + ahead }
        #expect(store.available(setup.key, from: 0) == onDisk + ahead, "2 MiB past what the disk held")
        #expect(setup.served.server.requests(path: ServedFile.path).count == requestsBefore + 1)

        // A miss fetches 2 MiB past it (here to the file's end), not half a MiB.
        let missed = await reader.run { $0.readNow(offset: 5_000_000, length: 4096) }
        #expect(missed?.data == setup.served.data.subdata(in: 5_000_000..<5_004_096))
        await FetchPump.pump(seconds: 10) { store.available(setup.key, from: 5_000_000) >= 1_000_000 }
        #expect(store.available(setup.key, from: 5_000_000) == 1_000_000)
    }

    @Test("a top-up that fails does not fail the reads the disk still serves")
    func failedTopUpLeavesDiskReads() async throws {
        let setup = try CacheSourceSetup(size: 6_000_000, label: "watched-failing")
        defer { setup.tearDown() }
        setup.hub.setReader(.watching, for: setup.key)
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let store = setup.cache.store
        let first = await reader.run { $0.readNow(offset: 0, length: 4096) }
        #expect(first?.flow == GST_FLOW_OK)
        // The miss fetched 2 MiB; once they are all on disk, the origin fails.
        await FetchPump.pump(seconds: 10) { store.available(setup.key, from: 0) >= CacheReadPlan.watchedReadAheadBytes }
        let onDisk = Int(store.available(setup.key, from: 0))
        #expect(onDisk == Int(CacheReadPlan.watchedReadAheadBytes))
        let asked = setup.served.server.requests(path: ServedFile.path).count
        setup.served.server.setFault(.status(500), for: ServedFile.path)
        await FetchPump.pump(seconds: CacheReadPlan.topUpAfterSeconds + 0.3) { false }
        // This read starts a top-up, which fails; the next read is still on disk.
        let served = await reader.run { $0.readNow(offset: onDisk - 8192, length: 4096) }
        #expect(served?.flow == GST_FLOW_OK)
        await FetchPump.pump(seconds: 10) { setup.served.server.requests(path: ServedFile.path).count > asked }
        #expect(setup.served.server.requests(path: ServedFile.path).count == asked + 1, "the top-up was asked for")
        // Its 500 comes back at once; half a second is ample for the element to hear it.
        await FetchPump.pump(seconds: 0.5) { false }
        let again = await reader.run { $0.readNow(offset: onDisk - 4096, length: 4096) }
        #expect(again?.flow == GST_FLOW_OK, "the failed top-up is not this read's failure")
        #expect(again?.data == setup.served.data.subdata(in: onDisk - 4096..<onDisk))
    }

    @Test("a read held until its element stops is let go when its key is handed to the shown post, and fetches")
    func holdUntilStopEndsWhenShown() async throws {
        try await withHeldRead(at: 100_000) { setup, _, slot in
            // A re-plan let go of the key while its player was kept: held until stop.
            setup.hub.keepReaders(only: [])
            setup.hub.setReader(.prepared, for: setup.key)
            #expect(setup.served.server.requests(path: ServedFile.path).isEmpty)
            setup.hub.setReader(.watching, for: setup.key)
            await FetchPump.pump(seconds: 10) { slot.lock.withLock { slot.value != nil } }
            let read = try #require(slot.lock.withLock { slot.value }, "the shown post's read reached the network")
            #expect(read.flow == GST_FLOW_OK)
            #expect(read.data == setup.served.data.subdata(in: 100_000..<104_096))
        }
    }

    @Test("a current read whose fetch brings nothing asks for its gap again")
    func stalledFetchIsAskedAgain() async throws {
        let setup = try CacheSourceSetup(size: 600_000, label: "stalled")
        defer { setup.tearDown() }
        // Headers and 100 bytes, then nothing, for the first request only.
        setup.served.server.setFault(.stallAfter(bytes: 100), for: ServedFile.path)
        let reader = try PullReader(uri: setup.uri())
        defer { reader.close() }
        let slot = ResultSlot<Read>()
        Thread.detachNewThread {
            let result = reader.readNow(offset: 200_000, length: 4096)
            slot.lock.withLock { slot.value = result }
        }
        await FetchPump.pump(seconds: 10) { setup.served.server.requests(path: ServedFile.path).count == 1 }
        setup.served.server.setFault(nil, for: ServedFile.path)
        await FetchPump.pump(seconds: CacheReadPlan.stalledFetchSeconds + 5) { slot.lock.withLock { slot.value != nil } }
        let read = try #require(slot.lock.withLock { slot.value }, "the read was served by a second request")
        #expect(read.flow == GST_FLOW_OK)
        #expect(read.data == setup.served.data.subdata(in: 200_000..<204_096))
        #expect(setup.served.server.requests(path: ServedFile.path).count == 2)
    }
}
