import CXML
import Foundation

/// The plain text of a snippet of HTML (a Mastodon post's `content`),
/// read by libxml2's HTML parser: tags dropped, entities decoded, `<br>`
/// and paragraph ends as line breaks, runs of white space as one space.
/// Pure; any thread. Input over ``maxBytes`` is cut first; the output is
/// bounded by the input.
public enum HTMLText {
    public static let maxBytes = 256 * 1024

    public static func plain(_ html: String) -> String {
        let bytes = Array(html.utf8.prefix(maxBytes))
        guard !bytes.isEmpty else { return "" }
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NOIMPLIED.rawValue)
        // Wrapped, so a snippet of bare text or several paragraphs has one root.
        let wrapped = Array("<div>".utf8) + bytes + Array("</div>".utf8)
        let document = wrapped.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return "" }
        defer { xmlFreeDoc(document) }
        var lines: [String] = []
        var current = ""
        collect(xmlDocGetRootElement(document), depth: 0, current: &current, lines: &lines)
        lines.append(current)
        return lines.map(collapsed).filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static let breaking: Set<String> = ["br", "p", "div", "li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "pre"]

    private static func collect(_ node: xmlNodePtr?, depth: Int, current: inout String, lines: inout [String]) {
        var node = node
        while let element = node {
            switch element.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = element.pointee.content { current += String(cString: content) }
            case XML_ELEMENT_NODE where depth < XMLTree.maxDepth:
                let name = element.pointee.name.map { String(cString: $0).lowercased() } ?? ""
                if name == "script" || name == "style" { break }
                collect(element.pointee.children, depth: depth + 1, current: &current, lines: &lines)
                if breaking.contains(name) {
                    lines.append(current)
                    current = ""
                }
            default:
                break
            }
            node = element.pointee.next
        }
    }

    private static func collapsed(_ line: String) -> String {
        line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
