import Testing

/// Every test that runs the real app in a window on the test display. One
/// at a time: windows on one X server share the keyboard focus and the
/// screen, so two at once would steal each other's keys and pixels.
@Suite("The real app", .serialized)
enum AppUnderX {}
