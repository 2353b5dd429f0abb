/// A command line that cannot be run, with the one line that says why
/// (printed after "flick: "; the command exits with status 2).
package struct OptionParseError: Error, Equatable, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}
