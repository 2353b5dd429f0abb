// placeholder until the GObject layer lands
import CGLib
