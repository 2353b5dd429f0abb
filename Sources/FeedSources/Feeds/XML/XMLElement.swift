/// One element of an XML document, as Swift values: what the feed readers
/// walk, with libxml2's tree already freed. Pure; any thread.
public struct XMLElement: Sendable, Equatable {
    /// The element's namespace URI (nil when it has none).
    public var namespace: String?
    /// The local name, without a prefix.
    public var name: String
    /// Attributes without a namespace, by name (what RSS, Atom and Media
    /// RSS put their URLs and types in).
    public var attributes: [String: String]
    /// Child elements, in order.
    public var children: [XMLElement]
    /// The element's own text and CDATA, joined, white space at the ends
    /// trimmed; children's text is not included.
    public var text: String

    public init(namespace: String?, name: String, attributes: [String: String] = [:],
                children: [XMLElement] = [], text: String = "") {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The children named `name` in `namespace`.
    public func children(_ name: String, in namespace: String?) -> [XMLElement] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The first child named `name` in `namespace`.
    public func child(_ name: String, in namespace: String?) -> XMLElement? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// The text of the first child named `name`, nil when missing or empty.
    public func childText(_ name: String, in namespace: String?) -> String? {
        child(name, in: namespace).flatMap { $0.text.isEmpty ? nil : $0.text }
    }
}
