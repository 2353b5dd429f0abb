// Pure: values only, imports Foundation at most.

/// Which of GTK's renderers draws Flick's windows, decided once at start-up
/// before the first window is realized.
///
/// GTK 4.8 draws with its GL renderer wherever it can make an OpenGL
/// context, including one backed by a software rasterizer (Mesa's
/// llvmpipe in a virtual machine, on a remote display, under Xvfb, on a
/// machine without a GPU driver). There the GL renderer shades every pixel
/// of the window on the CPU for every video frame, and Flick's pages repaint
/// 30 times a second: on such a machine GTK's cairo renderer draws the same
/// pages in half the time and a third less memory (BENCHMARKS.md, "A
/// software OpenGL draws slower than cairo"). With a GPU the GL renderer
/// stays.
public enum RendererChoice: String, Sendable, Hashable, Codable {
    /// Leave GTK to choose (its GL renderer where OpenGL works).
    case gtkDefault
    /// Ask GTK for its cairo renderer (`GSK_RENDERER=cairo`).
    case cairo

    /// The choice for a machine whose OpenGL reports `glRenderer` (its
    /// `GL_RENDERER` string; nil when no context could be made, and GTK falls
    /// back to cairo by itself), when the user's environment sets
    /// `GSK_RENDERER` to `userRenderer` (nil or empty: not set). A renderer
    /// the user names always wins.
    public static func decide(userRenderer: String?, glRenderer: String?) -> RendererChoice {
        if let userRenderer, !userRenderer.isEmpty { return .gtkDefault }
        guard let glRenderer, isSoftware(glRenderer) else { return .gtkDefault }
        return .cairo
    }

    /// Whether a `GL_RENDERER` string names a rasterizer that runs on the
    /// CPU: Mesa's llvmpipe, softpipe and swrast (its "Software Rasterizer"),
    /// OpenSWR ("SWR (LLVM 6.0, 256 bits)"), and the WARP device Windows
    /// gives WSL without a GPU ("D3D12 (Microsoft Basic Render Driver)").
    /// Compared without regard to case; the string may say more around the
    /// name ("llvmpipe (LLVM 15.0.6, 256 bits)").
    public static func isSoftware(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return softwareNames.contains { name.contains($0) } || name == "swr" || name.hasPrefix("swr ")
    }

    private static let softwareNames = ["llvmpipe", "softpipe", "swrast", "software rasterizer",
                                        "microsoft basic render driver"]
}
