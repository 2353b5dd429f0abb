import FeedUI
print("flick")
