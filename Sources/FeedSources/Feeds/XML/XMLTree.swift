import CXML
import Foundation
import FeedGObject

/// Parses XML with libxml2 into ``XMLElement`` values. Pure (no network,
/// no files); any thread. The only place Flick touches libxml2's document
/// tree.
///
/// Hostile documents are bounded:
/// - no network and no DTD loading (`XML_PARSE_NONET`, no `DTDLOAD`), and
///   entities are never substituted (no `NOENT`): a document that declares
///   entities in a DTD is refused outright, so a billion-laughs document is
///   never expanded, neither by the parser nor by reading its text;
/// - at most ``maxBytes`` of input, ``maxDepth`` levels of elements,
///   ``maxElements`` elements and ``maxTextBytes`` of text per element
///   (longer text is cut); libxml2's own limits (no `XML_PARSE_HUGE`) hold too.
public enum XMLTree {
    public static let maxBytes = FeedDocument.maxBytes
    public static let maxDepth = 64
    public static let maxElements = 200_000
    public static let maxTextBytes = 64 * 1024

    /// Why a document was refused.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// libxml2 could not read it: its message and line.
        case notXML(String)
        /// It declares entities (a DTD), which Flick does not expand.
        case declaresEntities
        /// Deeper, larger or longer than the bounds above.
        case tooLarge(String)

        public var description: String {
            switch self {
            case .notXML(let detail): return detail
            case .declaresEntities: return tr("the document declares entities in a DTD, which Flick does not expand")
            case .tooLarge(let detail): return detail
            }
        }
    }

    /// The root element of `data`.
    public static func parse(_ data: Data) throws(Problem) -> XMLElement {
        guard data.count <= maxBytes else {
            throw .tooLarge(tr("the document is over %1$s MB").filled(String(maxBytes / 1_048_576)))
        }
        guard data.count <= Int(Int32.max) else { throw .tooLarge(tr("the document is too large")) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue
                            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = data.withUnsafeBytes { bytes -> xmlDocPtr? in
            guard let base = bytes.baseAddress else { return nil }
            return xmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
        }
        guard let document else {
            // libxml2 stops an entity bomb itself ("entity reference loop",
            // "amplification"); say why it was refused, not where.
            if data.range(of: Data("<!ENTITY".utf8)) != nil { throw .declaresEntities }
            throw .notXML(lastError() ?? tr("the document is not well-formed XML"))
        }
        defer { xmlFreeDoc(document) }
        if declaresEntities(document) { throw .declaresEntities }
        guard let root = xmlDocGetRootElement(document) else { throw .notXML(tr("the document has no root element")) }
        var budget = maxElements
        return try element(root, depth: 1, budget: &budget)
    }

    /// What libxml2 said about the last parse on this thread, with its line.
    private static func lastError() -> String? {
        guard let error = xmlGetLastError(), let message = error.pointee.message else { return nil }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return error.pointee.line > 0 ? "\(text) (line \(error.pointee.line))" : text
    }

    /// True when the document's internal or external subset declares an
    /// entity (the parser records them as `XML_ENTITY_DECL` children).
    private static func declaresEntities(_ document: xmlDocPtr) -> Bool {
        for subset in [document.pointee.intSubset, document.pointee.extSubset] {
            var node = subset?.pointee.children
            while let current = node {
                if current.pointee.type == XML_ENTITY_DECL { return true }
                node = current.pointee.next
            }
        }
        return false
    }

    private static func element(_ node: xmlNodePtr, depth: Int, budget: inout Int) throws(Problem) -> XMLElement {
        guard depth <= maxDepth else {
            throw .tooLarge(tr("elements are nested more than %1$s deep").filled(Translation.number(maxDepth)))
        }
        budget -= 1
        guard budget >= 0 else {
            throw .tooLarge(tr("the document has more than %1$s elements").filled(Translation.number(maxElements)))
        }
        var result = XMLElement(namespace: node.pointee.ns.flatMap { $0.pointee.href }.map(string),
                                name: string(node.pointee.name))
        var attribute = node.pointee.properties
        while let current = attribute {
            if current.pointee.ns == nil {
                result.attributes[string(current.pointee.name)] = bounded(ownText(current.pointee.children))
            }
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                result.children.append(try element(current, depth: depth + 1, budget: &budget))
            }
            child = current.pointee.next
        }
        result.text = bounded(ownText(node.pointee.children).trimmingCharacters(in: .whitespacesAndNewlines))
        return result
    }

    /// The text and CDATA nodes among `first` and its siblings, joined (an
    /// element's own text, an attribute's value); comments, processing
    /// instructions and entity references are never followed.
    private static func ownText(_ first: xmlNodePtr?) -> String {
        var text = ""
        var node = first
        while let current = node, text.utf8.count < maxTextBytes {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
               let content = current.pointee.content {
                text += String(cString: content)
            }
            node = current.pointee.next
        }
        return text
    }

    private static func string(_ bytes: UnsafePointer<xmlChar>?) -> String {
        bytes.map { String(cString: $0) } ?? ""
    }

    private static func bounded(_ text: String) -> String {
        guard text.utf8.count > maxTextBytes else { return text }
        return String(decoding: text.utf8.prefix(maxTextBytes), as: UTF8.self)
    }
}
