/// How ``SessionStills`` answered a page's ask for its still: it waits
/// for the picture (the request's number, for a later cancel), or it
/// answered at once with the events the session applies (a decoded
/// picture's `.still`, a failure, or nothing to show). GTK thread only.
enum StillRequest {
    /// The picture is on its way; its answer is posted to the inbox.
    case waiting(request: Int)
    /// Answered before returning: no request is left to cancel.
    case answered([SessionEvent])
}
