import FeedCore
import Testing

struct HeardVolumeRow: TableRow {
    var name: String
    var volume: Double?
    var muted: Bool?
    var reported: Double?
    var requested: Double?
    var change: HeardVolume.Change?
}

@Suite("The volume a remote reads and sets is the one heard")
struct HeardVolumeTests {
    @Test("a remote reads 0 while muted and unmutes by setting a volume, as each row expects",
          arguments: try Table.rows("heard-volume.json", as: HeardVolumeRow.self))
    func heard(row: HeardVolumeRow) {
        if let reported = row.reported, let volume = row.volume, let muted = row.muted {
            #expect(HeardVolume.reported(volume: volume, muted: muted) == reported, "\(row.name)")
        }
        if let requested = row.requested {
            #expect(HeardVolume.set(requested) == row.change, "\(row.name)")
        }
    }

    @Test("a volume that is no number changes nothing")
    func notANumber() {
        #expect(HeardVolume.set(.nan) == nil)
        #expect(HeardVolume.set(.infinity) == nil)
    }
}
