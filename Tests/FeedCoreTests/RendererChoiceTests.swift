import FeedCore
import Testing

struct RendererChoiceRow: TableRow {
    var name: String
    /// GSK_RENDERER as the user's environment sets it (null: not set).
    var user: String?
    /// The GL_RENDERER string (null: no OpenGL context).
    var gl: String?
    /// Whether `gl` names a software rasterizer (null when there is none).
    var software: Bool?
    var choice: RendererChoice
}

/// `RendererChoice`: cairo where OpenGL runs on the CPU, GTK's own choice
/// elsewhere, and the user's GSK_RENDERER always wins.
struct RendererChoiceTests {
    @Test("Each machine gets the renderer its row says", arguments: try Table.rows("renderer-choice.json", as: RendererChoiceRow.self))
    func choice(row: RendererChoiceRow) {
        #expect(RendererChoice.decide(userRenderer: row.user, glRenderer: row.gl) == row.choice, "\(row.name)")
        if let gl = row.gl {
            #expect(RendererChoice.isSoftware(gl) == row.software, "\(row.name)")
        }
    }
}
