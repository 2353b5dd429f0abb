/// An array element that may not decode: nil then, and the others still
/// do (one bad video or status never fails a page).
struct Lossy<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
    init(value: Value?) { self.value = value }
}
