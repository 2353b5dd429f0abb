import FeedMedia
