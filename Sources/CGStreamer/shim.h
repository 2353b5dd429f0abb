// GStreamer core, app, video, audio (stream volume), tag (language codes) and pbutils as one Swift module.
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <gst/audio/streamvolume.h>
#include <gst/tag/tag.h>
#include <gst/pbutils/pbutils.h>
