import CGLib
import FlickTestSupport
import Foundation

/// Test folders of real pictures, made with gdk-pixbuf.
enum Fixtures {
    /// A new folder with `count` PNG pictures named `pic-0.png`, ... whose
    /// modification times make `pic-0` the newest. Each has its own colour.
    static func pictureFolder(count: Int, size: (Int, Int) = (180, 320)) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let now = Date()
        for index in 0..<count {
            let file = folder.appendingPathComponent("pic-\(index).png")
            try writePicture(file, width: size.0, height: size.1, rgb: colour(index))
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-Double(index) * 60)],
                                                  ofItemAtPath: file.path)
        }
        return folder
    }

    static func colour(_ index: Int) -> UInt32 {
        let palette: [UInt32] = [0xE0_40_40, 0x40_A0_E0, 0x50_C0_50, 0xE0_C0_30, 0xA0_50_E0, 0x30_C0_B0, 0xF0_80_30, 0x80_80_80]
        return palette[index % palette.count]
    }

    static func writePicture(_ file: URL, width: Int, height: Int, rgb: UInt32) throws {
        try TestPictures.write(file, width: width, height: height, rgb: rgb)
    }
}

