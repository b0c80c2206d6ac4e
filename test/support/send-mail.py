"""Sends one message with Python's own smtplib and email package (not this project's code),
as a bank or a person forwarding a statement would.

    python3 send-mail.py HOST PORT TO SUBJECT [FILE ...]

Each FILE is attached under its own name, typed by its extension as mail clients guess
it (application/octet-stream when they cannot). Prints the server's answer to DATA;
exits 1 with the server's refusal when it refuses.
"""

import mimetypes
import os
import smtplib
import sys
from email.message import EmailMessage

host, port, to, subject, *files = sys.argv[1:]
message = EmailMessage()
message["From"] = "Harbor Bank <statements@harbor.example>"
message["To"] = to
message["Subject"] = subject
message.set_content("Your statement is attached.\n")
for name in files:
    kind, _ = mimetypes.guess_type(name)
    maintype, subtype = (kind or "application/octet-stream").split("/", 1)
    with open(name, "rb") as handle:
        message.add_attachment(handle.read(), maintype=maintype, subtype=subtype, filename=os.path.basename(name))

try:
    with smtplib.SMTP(host, int(port), timeout=60) as client:
        client.send_message(message)
        print(client.noop()[1].decode())
except smtplib.SMTPException as error:
    print("refused: %s" % error, file=sys.stderr)
    sys.exit(1)
