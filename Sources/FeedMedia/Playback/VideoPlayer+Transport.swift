import CFlickGLibShim
import CGLib
internal import CGStreamer
import FeedCore
import FeedGObject
import Foundation

/// Play, pause, seek and what the pipeline says of where it is: commands
/// on a bound player, each checked against the playback machine first.
/// GTK thread only.
extension VideoPlayer {
    /// Plays now, or once prerolled when still preparing (or once data
    /// arrives, when the network source is starved).
    public func play() {
        guard uri != nil, !failed else { return }
        switch state {
        case .preparing:
            move(.play) // starting: plays on its first frame
        case .ready, .paused:
            startPlaying()
        case .ended:
            send(SeekQueue.Seek(seconds: 0, accurate: false))
            startPlaying()
        default:
            break // starting, playing, buffering: already
        }
    }

    /// Pauses (a prerolled player that never played stays `ready`).
    public func pause() {
        guard let playbin, uri != nil else { return }
        switch state {
        case .playing, .buffering:
            playbin.set(GST_STATE_PAUSED)
            move(.pause)
        case .starting:
            move(.pause) // back to preparing: no longer plays on its first frame
        case .ended:
            // At its end the pipeline still targets PLAYING (it only ran out
            // of data): it goes to PAUSED too, and stays ended until played.
            playbin.set(GST_STATE_PAUSED)
        default:
            break
        }
    }

    /// playbin's `mute`, read from and written to the element, so a late
    /// play() on a muted player can never make a sound.
    public var isMuted: Bool {
        get { playbin.map { flick_object_get_boolean($0.object, "mute") != 0 } ?? true }
        set { playbin.map { flick_object_set_boolean($0.object, "mute", newValue ? 1 : 0) } }
    }

    /// Seeks while prerolled (paused or playing); before preroll the seek is
    /// kept for then. One seek is in flight at a time; a newer one replaces
    /// the one waiting. `accurate` decodes up to the exact time, else the
    /// nearest earlier key frame is shown.
    public func seek(to seconds: Double, accurate: Bool) {
        guard uri != nil, !failed, seconds.isFinite else { return }
        let seek = SeekQueue.Seek(seconds: max(0, seconds), accurate: accurate)
        switch binding.seeks {
        case .inFlight:
            binding.seeks = .inFlight(next: seek)
        case .idle, .waiting:
            if prerolled { send(seek) } else { binding.seeks = .waiting(seek) }
        }
    }

    /// The sound's level from 0 to 1 on the cubic scale of desktop volume
    /// controls (half way sounds half as loud); playbin's `volume` is linear.
    public var volume: Double {
        get {
            guard let playbin else { return 1 }
            let linear = flick_object_get_double(playbin.object, "volume")
            return gst_stream_volume_convert_volume(GST_STREAM_VOLUME_FORMAT_LINEAR, GST_STREAM_VOLUME_FORMAT_CUBIC, linear)
        }
        set {
            guard let playbin, newValue.isFinite else { return }
            let cubic = min(max(newValue, 0), 1)
            flick_object_set_double(playbin.object, "volume",
                                    gst_stream_volume_convert_volume(GST_STREAM_VOLUME_FORMAT_CUBIC, GST_STREAM_VOLUME_FORMAT_LINEAR, cubic))
        }
    }

    /// A new rate reaches the pipeline: a seek where it is, exact so the
    /// picture does not jump back to a key frame.
    func applyRate() {
        guard uri != nil, !failed, prerolled, binding.appliedRate != rate else { return }
        seek(to: position ?? 0, accurate: true)
    }

    /// The playback position in seconds, when GStreamer knows it.
    public var position: Double? {
        guard let playbin, isOpen else { return nil }
        var value: gint64 = -1
        guard gst_element_query_position(playbin.element, GST_FORMAT_TIME, &value) != 0, value >= 0 else { return nil }
        return Double(value) / 1e9
    }

    /// The item's duration in seconds, when known.
    public var duration: Double? {
        guard let playbin, isOpen else { return nil }
        var value: gint64 = -1
        guard gst_element_query_duration(playbin.element, GST_FORMAT_TIME, &value) != 0, value > 0 else { return nil }
        return Double(value) / 1e9
    }

    /// From ready, paused or ended: to playing.
    func startPlaying() {
        move(.play)
        beginPlaying()
    }

    /// The machine has just entered `playing`: the pipeline to PLAYING, or,
    /// while the network source is starved, waiting for data (`buffering`).
    func beginPlaying() {
        guard let playbin, state == .playing else { return }
        if binding.sourceStarved {
            move(.bufferStart)
        } else {
            playbin.set(GST_STATE_PLAYING)
        }
    }

    /// Sends a flushing seek now, whatever was waiting.
    func send(_ seek: SeekQueue.Seek) {
        guard let playbin else { return }
        var flags = GST_SEEK_FLAG_FLUSH.rawValue
        flags |= seek.accurate ? GST_SEEK_FLAG_ACCURATE.rawValue
                               : GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_BEFORE.rawValue
        // Every seek carries the rate: a seek at rate 1 would undo the speed.
        let sent = gst_element_seek(playbin.element, rate, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags),
                                    GST_SEEK_TYPE_SET, gint64(saturatingRounded: seek.seconds * 1e9),
                                    GST_SEEK_TYPE_NONE, -1) != 0
        binding.seeks = sent ? .inFlight(next: nil) : .idle
        if sent { binding.appliedRate = rate }
    }
}
