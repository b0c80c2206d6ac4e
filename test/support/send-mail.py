"""Sends one message with Python's own smtplib and email package (not this project's code),
as a bank or a person forwarding a statement would.

    python3 send-mail.py HOST PORT TO SUBJECT [FILE ...]
        [--from "Name <a@b>, c@d"] [--envelope-from bounces@b] [--header "Name: value" ...]
    python3 send-mail.py HOST PORT TO - --eml MESSAGE.eml

Each FILE is attached under its own name, typed by its extension as mail clients guess
it (application/octet-stream when they cannot). The From header is Harbor Bank's unless
--from gives another (several mailboxes, comma separated, are one From header); the
envelope sender (MAIL FROM) is the From's first address unless --envelope-from gives
another; each --header is added above the message's own. --eml sends a message written
before (mail-shapes.py) as it is, from its From. Prints the server's answer to DATA; exits
1 with the server's refusal when it refuses.
"""

import argparse
import mimetypes
import os
import smtplib
import sys
from email.message import EmailMessage
from email.utils import getaddresses

parser = argparse.ArgumentParser()
parser.add_argument("host")
parser.add_argument("port", type=int)
parser.add_argument("to")
parser.add_argument("subject")
parser.add_argument("files", nargs="*")
parser.add_argument("--from", dest="sender", default="Harbor Bank <statements@harbor.example>")
parser.add_argument("--envelope-from", dest="envelope")
parser.add_argument("--header", action="append", default=[])
parser.add_argument("--eml")
args = parser.parse_args()


def send(envelope, deliver):
    """Hands the message to the server; prints its answer, or exits 1 with its refusal."""
    try:
        with smtplib.SMTP(args.host, args.port, timeout=60) as client:
            deliver(client, envelope)
            print(client.noop()[1].decode())
    except smtplib.SMTPException as error:
        print("refused: %s" % error, file=sys.stderr)
        sys.exit(1)


envelope = args.envelope or getaddresses([args.sender])[0][1]
if args.eml:
    with open(args.eml, "rb") as handle:
        raw = handle.read()
    send(envelope, lambda client, sender: client.sendmail(sender, [args.to], raw))
    sys.exit(0)

message = EmailMessage()
for header in args.header:
    name, value = header.split(":", 1)
    message[name.strip()] = value.strip()
message["From"] = args.sender
message["To"] = args.to
message["Subject"] = args.subject
message.set_content("Your statement is attached.\n")
for name in args.files:
    kind, _ = mimetypes.guess_type(name)
    maintype, subtype = (kind or "application/octet-stream").split("/", 1)
    with open(name, "rb") as handle:
        message.add_attachment(handle.read(), maintype=maintype, subtype=subtype, filename=os.path.basename(name))
send(envelope, lambda client, sender: client.send_message(message, from_addr=sender, to_addrs=[args.to]))
