/// A GTK-thread object that work on other threads answers: it names what
/// may come back (its `Message`, a Sendable enum of its own) and handles
/// each in one place. ``MainThreadHop/send(_:to:)`` is how a message
/// crosses; nothing else calls back into an owner from another thread.
@MainActor
package protocol MainThreadOwner: AnyObject, Sendable {
    /// What the owner's work off the GTK thread sends back.
    associatedtype Message: Sendable
    /// Handles `message` on the GTK thread.
    func receive(_ message: Message)
}
