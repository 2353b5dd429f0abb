// GTK 4 and libadwaita as one Swift module.
#include <gtk/gtk.h>
#include <adwaita.h>
