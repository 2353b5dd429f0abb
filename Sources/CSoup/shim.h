// libsoup 3 as a Swift module.
#include <libsoup/soup.h>
