// libsecret as a Swift module: account tokens in the Secret Service.
#include <libsecret/secret.h>
