// zlib, for the CRC-32 of the media cache's blocks.
#include <zlib.h>
