import FeedMedia
/// The demo clips' background colours: 30 names a viewer can tell apart.
enum DemoPalette {
    struct Color: Sendable, Equatable {
        var name: String
        /// 0xRRGGBB.
        var rgb: UInt32

        /// 0xAARRGGBB, fully opaque, as videotestsrc's colour properties want it.
        var argb: UInt32 { 0xFF00_0000 | rgb }
        var red: Int { Int((rgb >> 16) & 0xFF) }
        var green: Int { Int((rgb >> 8) & 0xFF) }
        var blue: Int { Int(rgb & 0xFF) }
    }

    static let colors: [Color] = [
        .init(name: "Red", rgb: 0xE53935), .init(name: "Blue", rgb: 0x1E88E5),
        .init(name: "Green", rgb: 0x43A047), .init(name: "Orange", rgb: 0xFB8C00),
        .init(name: "Purple", rgb: 0x8E24AA), .init(name: "Teal", rgb: 0x00897B),
        .init(name: "Magenta", rgb: 0xD81B60), .init(name: "Indigo", rgb: 0x3949AB),
        .init(name: "Lime", rgb: 0x7CB342), .init(name: "Brown", rgb: 0x6D4C41),
        .init(name: "Cyan", rgb: 0x00ACC1), .init(name: "Crimson", rgb: 0xB71C1C),
        .init(name: "Amber", rgb: 0xFFB300), .init(name: "Violet", rgb: 0x5E35B1),
        .init(name: "Forest", rgb: 0x1B5E20), .init(name: "Navy", rgb: 0x0D47A1),
        .init(name: "Coral", rgb: 0xFF7043), .init(name: "Slate", rgb: 0x546E7A),
        .init(name: "Plum", rgb: 0x4A148C), .init(name: "Olive", rgb: 0x827717),
        .init(name: "Sky", rgb: 0x039BE5), .init(name: "Raspberry", rgb: 0x880E4F),
        .init(name: "Jade", rgb: 0x00695C), .init(name: "Tangerine", rgb: 0xF4511E),
        .init(name: "Midnight", rgb: 0x1A237E), .init(name: "Pink", rgb: 0xEC407A),
        .init(name: "Petrol", rgb: 0x006064), .init(name: "Gold", rgb: 0xC0A000),
        .init(name: "Mint", rgb: 0x26A69A), .init(name: "Charcoal", rgb: 0x37474F),
    ]

    /// The colour of clip `number` (1-based), cycling after 30.
    static func color(forClip number: Int) -> Color {
        colors[(number - 1) % colors.count]
    }
}
