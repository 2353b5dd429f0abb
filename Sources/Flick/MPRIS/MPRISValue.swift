import CGLib

/// A D-Bus value as MPRIS uses them, made into a GVariant in one place.
/// Swift cannot call GLib's variadic `g_variant_new`, so each type has its
/// own non-variadic constructor here. A plain value; `variant()` on the GTK
/// thread (any thread would do: GVariants are immutable).
enum MPRISValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case double(Double)
    case int64(Int64)
    case objectPath(String)
    case strings([String])
    /// `a{sv}`: each value boxed in a variant, keys in sorted order.
    case dictionary([String: MPRISValue])

    /// A new floating GVariant; whoever takes it (a builder, a reply,
    /// `g_variant_ref_sink`) owns it.
    func variant() -> OpaquePointer {
        switch self {
        case .string(let text): return g_variant_new_string(text)
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .double(let value): return g_variant_new_double(value)
        case .int64(let value): return g_variant_new_int64(gint64(value))
        case .objectPath(let path): return g_variant_new_object_path(path)
        case .strings(let texts):
            var pointers = texts.map { UnsafePointer(strdup($0)) }
            defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
            return pointers.withUnsafeMutableBufferPointer { g_variant_new_strv($0.baseAddress, gssize($0.count)) }
        case .dictionary(let entries):
            return Self.dictionary(entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value.variant()) })
        }
    }

    /// `a{sv}` of (key, floating value) pairs.
    static func dictionary(_ entries: [(String, OpaquePointer)]) -> OpaquePointer {
        let type = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(type) }
        let builder = g_variant_builder_new(type)
        defer { g_variant_builder_unref(builder) }
        for (key, value) in entries {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        return g_variant_builder_end(builder)
    }
}
