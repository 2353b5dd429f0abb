// Flick: swipe through short videos and photos, one full-window page at a time.
import Foundation

exit(FlickApp.run(arguments: Array(CommandLine.arguments.dropFirst())))
