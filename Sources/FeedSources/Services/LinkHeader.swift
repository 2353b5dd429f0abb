import CGLib
import CSoup
import Foundation

/// Reads an HTTP `Link` header (RFC 8288) as Mastodon pages with it:
/// `<https://host/api/v1/timelines/tag/cats?max_id=1>; rel="next", <…>; rel="prev"`.
/// libsoup splits the list and the parameters (quotes and commas inside
/// them included); this only takes the `<…>` apart. Any thread.
enum LinkHeader {
    /// The target of the first link whose `rel` names `relation`, as
    /// written (resolve it against the answer's URL); nil when none does.
    static func target(_ header: String, relation: String) -> String? {
        guard let list = soup_header_parse_list(header) else { return nil }
        defer { soup_header_free_list(list) }
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            defer { node = current.pointee.next }
            guard let data = current.pointee.data else { continue }
            let element = String(cString: data.assumingMemoryBound(to: CChar.self))
            guard element.hasPrefix("<"), let close = element.firstIndex(of: ">") else { continue }
            let target = String(element[element.index(after: element.startIndex)..<close])
            let parameters = String(element[element.index(after: close)...]).drop { $0 == ";" || $0 == " " }
            if relations(String(parameters)).contains(relation.lowercased()) { return target }
        }
        return nil
    }

    /// The space-separated values of `rel` in `a=b; rel="next prev"`.
    private static func relations(_ parameters: String) -> [String] {
        guard let table = soup_header_parse_semi_param_list(parameters) else { return [] }
        defer { g_hash_table_destroy(table) }
        guard let value = g_hash_table_lookup(table, "rel") else { return [] }
        return String(cString: value.assumingMemoryBound(to: CChar.self)).lowercased().split(separator: " ").map(String.init)
    }
}
