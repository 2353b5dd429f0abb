import CGLib
import CGtk
import FlickTooling
import Foundation

/// The app's command line through GApplication's main option entries
/// (`g_application_add_main_option_entries`, the GNOME convention): GLib
/// parses it at the start of `g_application_run` and writes --help from the
/// table (adding its own `-h`, `--help-all` and `--help-gapplication`);
/// each option is applied by the callback ``OptionParser`` uses for its
/// own contexts, so values are checked by the table's entries with Flick's
/// messages. The words that are not options arrive packed in
/// `handle-local-options`' dictionary, where the app reads them.
///
/// A mistake GLib finds (an unknown option, a missing or refused value)
/// ends `g_application_run` with status 1 before `handle-local-options`;
/// GLib has printed the message by then, through `g_printerr`, which
/// prefixes it with "flick: " like Flick's own messages while GLib parses.
@MainActor
final class ApplicationOptions<Target> {
    private let state: ParseState<Target>
    private let strings = KeptStrings()

    /// Adds `table`'s entries and `text` to `application`; `target` is what
    /// the options are applied to.
    init(table: [CommandLineOption<Target>], text: OptionParser.Text, target: Target,
         application: UnsafeMutablePointer<GApplication>) {
        state = ParseState(target: target, table: table)
        var entries = OptionParser.entries(table, strings: strings, remaining: nil)
        g_application_add_main_option_entries(application, &entries) // copies the entries, not their strings
        g_application_set_option_context_parameter_string(application, text.parameters)
        g_application_set_option_context_summary(application, text.summary)
        if let description = text.description { g_application_set_option_context_description(application, description) }
    }

    /// The options applied by GLib's parse (the defaults before it).
    var target: Target { state.target }

    /// The words that were not options, in order, from the dictionary
    /// `handle-local-options` was given (`options`, a `GVariantDict`).
    /// GLib's parse is over by then.
    func remaining(in options: UnsafeMutableRawPointer?) -> [String] {
        endParse()
        guard let dictionary = options?.assumingMemoryBound(to: GVariantDict.self),
              let value = g_variant_dict_lookup_value(dictionary, "", nil) else { return [] }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "as" else { return [] }
        var count: gsize = 0
        guard let words = g_variant_get_strv(value, &count) else { return [] }
        defer { g_free(words) }
        return (0..<Int(count)).compactMap { words[$0].map { String(cString: $0) } }
    }

    /// Runs `application` on `arguments` (the words after the program's
    /// name), which GLib parses first; returns its exit status.
    func run(_ application: UnsafeMutablePointer<GApplication>, arguments: [String]) -> Int32 {
        OptionParser.applicationParse = state
        previousPrinterr = g_set_printerr_handler(prefixedPrinterr)
        parsing = true
        defer { endParse() }
        let words = GStrv(["flick"] + arguments)
        return g_application_run(application, gint(arguments.count + 1), words.pointer)
    }

    private var parsing = false
    private var previousPrinterr: GPrintFunc?

    private func endParse() {
        guard parsing else { return }
        parsing = false
        OptionParser.applicationParse = nil
        g_set_printerr_handler(previousPrinterr)
    }
}

/// GLib's `g_printerr` while it parses the app's command line: its one
/// line about a mistake, said as Flick says its own.
private let prefixedPrinterr: GPrintFunc = { text in
    guard let text else { return }
    let line = "flick: " + String(cString: text)
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}
