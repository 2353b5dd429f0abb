import CGLib
internal import CGStreamer
import FeedCore

/// What the player does with its playbin's bus messages. GTK thread (the bus
/// watch runs on its main context). Messages of an earlier binding never get
/// here: rebinding flushes the bus while going to READY.
extension VideoPlayer {
    func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        guard let playbin, uri != nil else { return }
        let own = playbin.isOwnMessage(message)
        switch message.pointee.type {
        case GST_MESSAGE_ERROR where !prerolled && decoderWatch.fallBackToSoftware():
            // A hardware decoder that fails before the first frame: the
            // binding opens again in software, once and silently.
            openAgain()
        case GST_MESSAGE_ERROR where !prerolled && playbin.rendition.dropFailedRendition():
            // The HLS rendition Flick chose would not load: another one, at once.
            openAgain()
        case GST_MESSAGE_ERROR:
            // One failure often makes several elements post errors; those
            // already queued are read now, and the code is FeedCore's pick
            // of them, not whichever thread posted first.
            let read = { PlayerFailure.from($0, network: self.network) }
            var failure = PlayerFailure.mostTelling([read(message)] + playbin.pendingErrors(read))
            if playbin.rendition.noteFailure() {
                // The HLS rendition playing would not load on: a retry of
                // the post plays another, so the failure is one to retry.
                failure = PlayerFailure(code: .playerFailed, message: "the HLS rendition failed (\(failure.message)); another is left",
                                        httpStatus: nil)
            }
            fail(failure)
        case GST_MESSAGE_EOS where own:
            reachedEnd()
        case GST_MESSAGE_ASYNC_DONE where own:
            asyncDone()
        case GST_MESSAGE_STATE_CHANGED where own:
            var old = GST_STATE_VOID_PENDING, new = GST_STATE_VOID_PENDING, pending = GST_STATE_VOID_PENDING
            gst_message_parse_state_changed(message, &old, &new, &pending)
            stateChanged(from: old, to: new, pending: pending)
        case GST_MESSAGE_BUFFERING:
            var percent: gint = 100
            gst_message_parse_buffering(message, &percent)
            bufferingChanged(percent: Int(percent))
        case GST_MESSAGE_ELEMENT:
            segmentDownloaded(message)
        default:
            break
        }
    }

    /// The first ASYNC_DONE of a binding is the preroll; later ones end seeks.
    private func asyncDone() {
        guard !failed else { return }
        if !prerolled {
            if !binding.visualising, let playbin, playbin.isSoundOnly {
                // A sound: preroll again with its waveform as the picture.
                binding.visualising = true
                let generation = self.generation
                playbin.reset { [weak self] in
                    guard let self, self.generation == generation, !self.failed, let playbin = self.playbin,
                          !playbin.isResetting else { return }
                    playbin.setVisualising(true)
                    playbin.preroll()
                }
                return
            }
            prerollDone()
            chooseCaptionTrack()
            move(.ready) // ready, or playing when play was asked before (starting)
            emit(.prerolled)
            if case .waiting(let seek) = binding.seeks {
                send(seek)
            } else if binding.appliedRate != rate {
                // A post prepared at another speed: from its start, at this one.
                send(SeekQueue.Seek(seconds: 0, accurate: true))
            }
            beginPlaying()
            return
        }
        if case .inFlight(let next) = binding.seeks {
            binding.seeks = .idle
            if let next { send(next) }
        }
    }

    private func stateChanged(from old: GstState, to new: GstState, pending: GstState) {
        if new == GST_STATE_PLAYING && old != GST_STATE_PLAYING {
            emit(.playing)
        } else if new == GST_STATE_PAUSED && old == GST_STATE_PLAYING && pending == GST_STATE_VOID_PENDING
                    && !binding.sourceStarved && !isPlaying {
            // Settled in PAUSED because we asked: not a seek's lost state, not buffering.
            emit(.paused)
        }
    }

    private func reachedEnd() {
        guard state == .playing || state == .buffering else { return }
        if loops {
            restartFromBeginning()
            emit(.looped)
        } else {
            move(.ended)
            emit(.ended)
        }
    }

    /// Network sources report how full their buffer is: pause below 100 %
    /// while playing, resume at 100 % if still wanted (`buffering` is the
    /// state of a player that wants to play and waits for data).
    private func bufferingChanged(percent: Int) {
        guard !failed, let playbin else { return }
        if percent < 100 {
            guard !binding.sourceStarved else { return }
            binding.sourceStarved = true
            if state == .playing {
                playbin.set(GST_STATE_PAUSED)
                move(.bufferStart)
            }
            emit(.bufferingStarted)
        } else if binding.sourceStarved {
            binding.sourceStarved = false
            emit(.bufferingEnded)
            if state == .buffering {
                playbin.set(GST_STATE_PLAYING)
                move(.bufferEnd)
            }
        }
    }

    /// An adaptive demuxer's statistics of one segment: its size and download
    /// time measure the link to its origin (the rendition plan reads it).
    private func segmentDownloaded(_ message: UnsafeMutablePointer<GstMessage>) {
        guard let structure = gst_message_get_structure(message),
              gst_structure_has_name(structure, "adaptive-streaming-statistics") != 0 else { return }
        var size: guint64 = 0
        var time: guint64 = 0
        guard gst_structure_get_uint64(structure, "fragment-size", &size) != 0,
              gst_structure_get_uint64(structure, "fragment-download-time", &time) != 0,
              size > 0, size < UInt64(Int.max), time > 0 else { return }
        playbin?.rendition.measured(bytes: Int(size), seconds: Double(time) / 1e9)
    }
}
