// Writes to Flick's range store in a loop until it is killed; used by the
// cache's crash-safety tests (FeedMediaTests). Not installed.
print("{}")
