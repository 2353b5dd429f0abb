// libxml2 as a Swift module: the XML reader for RSS and Atom feeds, and
// its HTML reader for the plain text of a post's HTML.
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with the ICU
// Foundation carries; Flick never touches libxml2's encoding handlers
// (only pointers to them), so their ICU fields are left out here.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
