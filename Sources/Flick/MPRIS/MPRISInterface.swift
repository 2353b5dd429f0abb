/// The names MPRIS (the Media Player Remote Interfacing Specification,
/// version 2.2) fixes, and the introspection data of the two interfaces
/// Flick implements. Desktop shells, media keys and `playerctl` find a
/// player by its bus name and talk to this one object.
enum MPRISInterface: String, CaseIterable {
    /// Raise, Quit and what the player is.
    case root = "org.mpris.MediaPlayer2"
    /// Playback: play/pause, next/previous, seeking, the current track.
    case player = "org.mpris.MediaPlayer2.Player"

    /// The interface's name on the bus.
    var name: String { rawValue }

    /// Where both interfaces live.
    static let objectPath = "/org/mpris/MediaPlayer2"
    /// The well-known name; a second Flick takes `<name>.instance<pid>`.
    static let busName = "org.mpris.MediaPlayer2.flick"
    /// The trackid of no track (MPRIS's own).
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    /// The standard interface whose signal announces property changes.
    static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// Both interfaces, as GDBus parses them (`g_dbus_node_info_new_for_xml`).
    static let introspection = """
        <node>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/>
            <method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/>
            <property name="CanRaise" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/>
            <property name="Identity" type="s" access="read"/>
            <property name="DesktopEntry" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/>
            <property name="SupportedMimeTypes" type="as" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/>
            <method name="Previous"/>
            <method name="Pause"/>
            <method name="PlayPause"/>
            <method name="Stop"/>
            <method name="Play"/>
            <method name="Seek"><arg direction="in" type="x" name="Offset"/></method>
            <method name="SetPosition">
              <arg direction="in" type="o" name="TrackId"/>
              <arg direction="in" type="x" name="Position"/>
            </method>
            <method name="OpenUri"><arg direction="in" type="s" name="Uri"/></method>
            <signal name="Seeked"><arg type="x" name="Position"/></signal>
            <property name="PlaybackStatus" type="s" access="read"/>
            <property name="Rate" type="d" access="readwrite"/>
            <property name="LoopStatus" type="s" access="readwrite"/>
            <property name="Metadata" type="a{sv}" access="read"/>
            <property name="Volume" type="d" access="readwrite"/>
            <property name="Position" type="x" access="read"/>
            <property name="MinimumRate" type="d" access="read"/>
            <property name="MaximumRate" type="d" access="read"/>
            <property name="CanGoNext" type="b" access="read"/>
            <property name="CanGoPrevious" type="b" access="read"/>
            <property name="CanPlay" type="b" access="read"/>
            <property name="CanPause" type="b" access="read"/>
            <property name="CanSeek" type="b" access="read"/>
            <property name="CanControl" type="b" access="read"/>
          </interface>
        </node>
        """
}
