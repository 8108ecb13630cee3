"""The IANA registry of URI schemes (RFC 7595 §2), as data: the names a reader of running
text takes for link schemes (:func:`urikit.extract`'s default policy).

RFC 7595 §3 and §4 keep two lists that count here, *permanent* and *provisional*
registrations; the *historical* ones (``fax``, ``wais``, ``prospero``...) do not count.

The copy: transcribed by hand from the registry at
``https://www.iana.org/assignments/uri-schemes/`` as its maintainers knew it
(:data:`DATE`); no package on PyPI ships the registry (the one that claims to,
``known-schemes`` 0.0.0, is empty; ``docutils.utils.urischemes`` is a 2005 list mixed
with unofficial schemes).  The names were cross-checked against the permanent and
provisional lists of npm's ``schemes`` 1.4.0, an older copy, all of which are here.
Registrations added after :data:`DATE` are missing: :func:`urikit.schemes.register`
adds a scheme that extract then takes in any form, as it takes these.
"""

from __future__ import annotations

__all__ = ["DATE", "PERMANENT", "PROVISIONAL", "REGISTERED"]

#: When the registry was copied (the latest registration the copy knows of).
DATE = "2024-06"


def _names(listed: str) -> frozenset[str]:
    """The names of a list written as the registry's table reads, by whitespace."""
    return frozenset(listed.split())


#: RFC 7595 §3: permanent registrations.
PERMANENT = _names(
    """
    aaa aaas about acap acct cap cid coap coap+tcp coap+ws coaps coaps+tcp coaps+ws crid
    data dav dict dns dtn example file ftp geo go gopher h323 http https iax icap im imap
    info ipn ipp ipps iris iris.beep iris.lwz iris.xpc iris.xpcs jabber ldap
    leaptofrogans mailto mid msrp msrps mt mtqp mupdate news nfs ni nih nntp
    opaquelocktoken pkcs11 pop pres reload rtsp rtsps rtspu service session shttp sieve
    sip sips sms snmp soap.beep soap.beeps stun stuns tag tel telnet tftp thismessage tip
    tn3270 turn turns tv urn vemmi vnc ws wss xcon xcon-userid xmlrpc.beep xmlrpc.beeps
    xmpp z39.50r z39.50s
    """
)

#: RFC 7595 §4: provisional registrations.
PROVISIONAL = _names(
    """
    acd acr adiumxtra adt afp afs aim amss android appdata apt ar ark attachment aw
    barion bb beshare bitcoin bitcoincash blob bolo browserext cabal calculator callto
    cast casts chrome chrome-extension com-eventbrite-attendee content content-type cstr
    cvs dab dat dhttp diaspora did dis dlna-playcontainer dlna-playsingle dntp doi dpp
    drm dtmi dvb dvx dweb ed2k eid elsi embedded ens ethereum facetime feed feedready
    fido finger first-run-pen-experience fish fm fuchsia-pkg gg git gitoid gizmoproject
    graph gtalk ham hcap hcp hxxp hxxps hydrazone hyper icon iotdisco ipfs ipns irc irc6
    ircs isostore itms jar jms keyparc lastfm lbry ldaps lid lorawan lpa lvlt magnet
    maps market matrix message microsoft.windows.camera
    microsoft.windows.camera.multipicker microsoft.windows.camera.picker mms mongodb moz
    ms-access ms-appinstaller ms-browser-extension ms-calculator ms-drive-to
    ms-enrollment ms-excel ms-eyecontrolspeech ms-gamebarservices ms-gamingoverlay
    ms-getoffice ms-help ms-infopath ms-inputapp ms-launchremotedesktop
    ms-lockscreencomponent-config ms-media-stream-id ms-meetnow ms-mixedrealitycapture
    ms-mobileplans ms-newsandinterests ms-officeapp ms-people ms-personacard
    ms-powerpoint ms-project ms-publisher ms-recall ms-remotedesktop
    ms-remotedesktop-launch ms-restoretabcompanion ms-screenclip ms-screensketch
    ms-search ms-search-repair ms-secondary-screen-controller ms-secondary-screen-setup
    ms-settings ms-settings-airplanemode ms-settings-bluetooth ms-settings-camera
    ms-settings-cellular ms-settings-cloudstorage ms-settings-connectabledevices
    ms-settings-displays-topology ms-settings-emailandaccounts ms-settings-language
    ms-settings-location ms-settings-lock ms-settings-nfctransactions
    ms-settings-notifications ms-settings-power ms-settings-privacy
    ms-settings-proximity ms-settings-screenrotation ms-settings-wifi
    ms-settings-workplace ms-spd ms-stickers ms-sttoverlay ms-transit-to
    ms-useractivityset ms-virtualtouchpad ms-visio ms-walk-to ms-whiteboard
    ms-whiteboard-cmd ms-word msnim mss mumble mvn mvrp mvrps notes num ocf oid onenote
    onenote-cmd openid openpgp4fpr otpauth palm paparazzi payment payto platform proxy
    psyc pttp pwid qb query quic-transport redis rediss res resource rmi rsync rtmfp
    rtmp sarif secondlife secret-token sftp sgn shc simpleledger simplex skype smb smp
    smtp soldat spiffe spotify ssb ssh starknet steam submit svn swh swid swidpath
    teamspeak teapot teapots teliaeid things tool udp unreal upt ut2004
    uuid-in-package v-event ventrilo ves view-source vscode vscode-insiders vsls w3 wcr
    web3 webcal wifi wpid wtai wyciwyg xfire xftp xrcp xri ymsgr
    """
)

#: Every registered name (lower case): permanent or provisional.
REGISTERED = PERMANENT | PROVISIONAL
