import CFlickGLibShim
internal import CFlickGstShim
import CGLib
internal import CGStreamer
import FeedCore

/// Captions on the player: cues of the current binding to `onCue`, the
/// number of tracks, and the track in the user's language among several
/// inside the media. GTK thread only.
extension VideoPlayer {
    /// A cue from the text branch (``CueSink``), for binding `generation`.
    func deliver(_ cue: CaptionCue, generation: UInt64) {
        guard generation == self.generation, !failed else { return }
        onCue?(cue)
    }

    /// Caption tracks of the binding once prerolled: those inside the media
    /// and the file beside it; before, the file beside it alone.
    public var captionTrackCount: Int {
        guard let playbin, isOpen, prerolled else { return binding.caption == nil ? 0 : 1 }
        return max(0, Int(flick_object_get_int(playbin.object, "n-text")))
    }

    /// Of several text tracks inside the media, the one in the language
    /// chosen or the user's plays (FeedCore's ``CaptionChoice``); a file
    /// beside the media is the one chosen already.
    package func chooseCaptionTrack() {
        guard let playbin, binding.caption == nil else { return }
        let count = Int(flick_object_get_int(playbin.object, "n-text"))
        guard count > 1 else { return }
        guard let pick = CaptionChoice.pick(textLanguages, preferred: CaptionLanguage.preferred) else { return }
        flick_object_set_int(playbin.object, "current-text", Int32(pick))
    }

    /// The language of each text track inside the media (nil: untagged),
    /// as two-letter codes where GStreamer knows one.
    package var textLanguages: [String?] {
        guard let playbin, isOpen, prerolled else { return [] }
        let count = max(0, Int(flick_object_get_int(playbin.object, "n-text")))
        return (0..<count).map { index -> String? in
            guard let code = flick_playbin_text_language(playbin.object, Int32(index)) else { return nil }
            defer { g_free(code) }
            // Matroska and MP4 say "deu"; the user's locale says "de".
            if let short = gst_tag_get_language_code_iso_639_1(code) { return String(cString: short) }
            return String(cString: code)
        }
    }

    /// A language's name for a menu ("French"), from GStreamer's tables
    /// (in the user's language where iso-codes has it); the tag itself else.
    public static func languageName(_ tag: String) -> String {
        guard let primary = CaptionChoice.primaryLanguage(tag), let name = gst_tag_get_language_name(primary) else { return tag }
        return String(cString: name)
    }

    /// GLib's language names for the user, most wanted first.
    static var userLanguages: [String] {
        var names: [String] = []
        guard var cursor = g_get_language_names() else { return names }
        while let name = cursor.pointee {
            names.append(String(cString: name))
            cursor += 1
        }
        return names
    }
}
