import CGLib
import Foundation

/// GLib's option parser (`GOptionContext`, the parser behind GApplication's
/// option entries) over a table of ``CommandLineOption``s: it parses the
/// words, and writes --help from the same table. The one place the command
/// line meets C: the entries, their strings and the callback live here.
///
/// Every option is a `G_OPTION_ARG_CALLBACK`, so each value is checked by
/// its table entry with Flick's own message; GLib's built-in --help is off
/// (a table's `-h, --help` entry asks for the help instead, so parsing
/// never exits the process). Words that are not options come back in order.
package enum OptionParser {
    /// What --help says around the options.
    package struct Text {
        /// After "Usage: flick [OPTION…]", like "[FOLDER | PLAYLIST | URL]".
        package var parameters: String
        /// Before the options.
        package var summary: String
        /// After the options.
        package var description: String?

        package init(parameters: String, summary: String, description: String?) {
            self.parameters = parameters
            self.summary = summary
            self.description = description
        }
    }

    package typealias ParseError = OptionParseError

    /// Applies each option of `arguments` (the words after the program's
    /// name) to `target` in order, and returns the other words.
    package static func parse<Target>(_ arguments: [String], table: [CommandLineOption<Target>], into target: inout Target,
                              text: Text) throws(ParseError) -> [String] {
        let state = ParseState<Target>(target: target, table: table)
        let outcome: Result<[String], ParseError> = withContext(table, text: text, user: state) { context, remaining in
            var words = GStrv(["flick"] + arguments)
            var error: UnsafeMutablePointer<GError>?
            guard g_option_context_parse_strv(context, &words.pointer, &error) != 0 else {
                defer { if let error { g_error_free(error) } }
                guard let error else { return .failure(ParseError(description: "the command line could not be read")) }
                let message = String(cString: error.pointee.message)
                // A table entry's refusal (see `optionCallback`) says what is wrong itself; GLib's own are pointed at --help.
                let own = error.pointee.code == gint(G_OPTION_ERROR_FAILED.rawValue)
                return .failure(ParseError(description: own ? message : "\(message) (see flick --help)"))
            }
            return .success(GStrv.strings(remaining.pointee) + Array(words.strings.dropFirst()))
        }
        let rest = try outcome.get()
        target = state.target
        return rest
    }

    /// The --help text GLib writes for `table`, its usage line naming
    /// `program` (GLib would name the process, whatever it is called).
    package static func help<Target>(table: [CommandLineOption<Target>], text: Text, program: String) -> String {
        let state = ParseState<Target>(target: nil, table: table)
        let written = withContext(table, text: text, user: state) { context, _ in
            guard let help = g_option_context_get_help(context, 1, nil) else { return "" }
            defer { g_free(help) }
            return String(cString: help)
        }
        guard let name = g_get_prgname().map({ String(cString: $0) }),
              let usage = written.range(of: "  \(name) [OPTION") else { return written }
        return written.replacingCharacters(in: usage, with: "  \(program) [OPTION")
    }

    /// Builds the context with `table` as its main group (strings kept for
    /// its life), runs `body` with it and where the other words land, and frees it all.
    private static func withContext<Target, Result>(
        _ table: [CommandLineOption<Target>], text: Text, user: ParseState<Target>,
        _ body: (OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?>) -> Result
    ) -> Result {
        let strings = KeptStrings()
        let remaining = UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?>.allocate(capacity: 1)
        remaining.initialize(to: nil)
        defer {
            g_strfreev(remaining.pointee)
            remaining.deallocate()
        }
        var entries = entries(table, strings: strings, remaining: UnsafeMutableRawPointer(remaining))
        let context = g_option_context_new(text.parameters)!
        defer { g_option_context_free(context) }
        g_option_context_set_help_enabled(context, 0)
        g_option_context_set_summary(context, text.summary)
        if let description = text.description { g_option_context_set_description(context, description) }
        let callbacks = Unmanaged.passUnretained(user as AnyObject).toOpaque()
        let group = g_option_group_new(strings.keep("flick"), strings.keep("Options"), strings.keep("Show the options"),
                                       callbacks, nil)
        g_option_group_add_entries(group, &entries)
        g_option_context_set_main_group(context, group) // the context owns the group
        return withExtendedLifetime((user, strings)) { body(context, remaining) }
    }

    /// GLib's entries for `table`, every one a callback, then
    /// G_OPTION_REMAINING ("") landing at `remaining` (a `gchar**` slot;
    /// nil asks GApplication to pack the words into its options dictionary),
    /// then the terminator. Their strings live in `strings`.
    package static func entries<Target>(_ table: [CommandLineOption<Target>], strings: KeptStrings,
                                remaining: UnsafeMutableRawPointer?) -> [GOptionEntry] {
        var entries = table.map { option in
            GOptionEntry(long_name: strings.keep(option.long),
                         short_name: option.short.flatMap(\.asciiValue).map { gchar(bitPattern: $0) } ?? 0,
                         flags: option.value == nil ? gint(G_OPTION_FLAG_NO_ARG.rawValue) : 0,
                         arg: G_OPTION_ARG_CALLBACK, arg_data: unsafeBitCast(optionCallback, to: gpointer.self),
                         description: strings.keep(option.help), arg_description: option.value.map(strings.keep))
        }
        entries.append(GOptionEntry(long_name: strings.keep(""), short_name: 0, flags: 0, arg: G_OPTION_ARG_STRING_ARRAY,
                                    arg_data: remaining, description: nil, arg_description: nil))
        entries.append(GOptionEntry())
        return entries
    }

    /// The parse GApplication is running (see ``ApplicationOptions``): its
    /// main group carries no user data, so the callback finds the table
    /// here. Set and read on the GTK thread only, around `g_application_run`.
    /// `nonisolated(unsafe)`: set and read on the GTK thread only, before and during `g_application_run`.
    package nonisolated(unsafe) static var applicationParse: OptionApplying?
}

/// C copies of strings that GLib keeps pointers to, freed with this object.
package final class KeptStrings {
    package init() {}

    private var copies: [UnsafeMutablePointer<CChar>] = []

    package func keep(_ string: String) -> UnsafePointer<CChar> {
        let copy = strdup(string)!
        copies.append(copy)
        return UnsafePointer(copy)
    }

    deinit { copies.forEach { free($0) } }
}

/// Called by GLib for each option met: hands it to the table's entry. A
/// refusal is G_OPTION_ERROR_FAILED, which GLib itself raises only for a
/// callback that fails without saying why (never, here), so `parse` can
/// tell Flick's messages from GLib's.
private let optionCallback: GOptionArgFunc = { name, value, data, error in
    let given = data.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() as? OptionApplying }
    guard let name, let state = given ?? OptionParser.applicationParse else { return 0 }
    guard let refusal = state.apply(String(cString: name), value.map { String(cString: $0) }) else { return 1 }
    g_set_error_literal(error, g_option_error_quark(), gint(G_OPTION_ERROR_FAILED.rawValue), refusal)
    return 0
}

/// What the callback sees of a parse, whatever its target.
package protocol OptionApplying: AnyObject {
    /// Applies the option as typed ("--fit", "-h"); the refusal's message, if refused.
    func apply(_ name: String, _ value: String?) -> String?
}

/// One parse's target and table, for the callback.
package final class ParseState<Target>: OptionApplying {
    package var target: Target!
    package let table: [CommandLineOption<Target>]

    package init(target: Target?, table: [CommandLineOption<Target>]) {
        self.target = target
        self.table = table
    }

    package func apply(_ name: String, _ value: String?) -> String? {
        let bare = name.drop { $0 == "-" }
        let long = name.hasPrefix("--")
        guard let option = table.first(where: { long ? $0.long == bare : $0.short.map(String.init) == String(bare) }),
              target != nil else { return "unknown option ‘\(name)’" }
        do {
            try option.apply(&target, value)
            return nil
        } catch {
            return error.description
        }
    }
}

/// A NULL-terminated array of strings as GLib allocates them, for
/// `g_option_context_parse_strv` (which frees the words it takes out).
package struct GStrv: ~Copyable {
    package var pointer: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?

    package init(_ strings: [String]) {
        let array = UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>(
            OpaquePointer(g_malloc0(gsize(MemoryLayout<UnsafeMutablePointer<gchar>?>.stride * (strings.count + 1)))))!
        for (index, string) in strings.enumerated() { array[index] = g_strdup(string) }
        pointer = array
    }

    deinit { g_strfreev(pointer) }

    package var strings: [String] { Self.strings(pointer) }

    package static func strings(_ array: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let array else { return [] }
        var result: [String] = []
        var index = 0
        while let word = array[index] {
            result.append(String(cString: word))
            index += 1
        }
        return result
    }
}
