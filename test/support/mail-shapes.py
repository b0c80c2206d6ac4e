"""Statement mail in the shapes real clients and banks send it, written by Python's own
email package (not this project's code): one .eml file per shape in the folder given.

    python3 mail-shapes.py OUT_DIR PDF CSV QFX
"""

import io
import sys
import zipfile
from email import encoders, policy
from email.message import EmailMessage
from email.mime.application import MIMEApplication
from email.mime.base import MIMEBase
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText

out, pdf_path, csv_path, qfx_path = sys.argv[1:5]
pdf = open(pdf_path, "rb").read()
csv = open(csv_path, "rb").read()
qfx = open(qfx_path, "rb").read()


def headers(message, subject):
    message["From"] = "Harbor Bank <statements@harbor.example>"
    message["To"] = "s-test@vault.example.com"
    message["Subject"] = subject
    message["Message-ID"] = "<%s@harbor.example>" % subject.replace(" ", "-")
    return message


def attached(maintype, subtype, payload, encode, filename):
    """A part holding a file, encoded as given, named as an attachment."""
    part = MIMEBase(maintype, subtype)
    part.set_payload(payload)
    encode(part)
    part.add_header("Content-Disposition", "attachment", filename=filename)
    return part


def write(name, message):
    with open("%s/%s.eml" % (out, name), "wb") as file:
        file.write(message.as_bytes(policy=policy.SMTP))


# multipart/mixed: a note and the statement attached, base64 (what most banks send).
message = headers(EmailMessage(), "Your March statement")
message.set_content("Your statement is attached.")
message.add_attachment(pdf, maintype="application", subtype="pdf", filename="Statement 2024-03.pdf")
write("mixed-pdf", message)

# The PDF as an inline part (Apple Mail shows it in the body), with no file name.
message = headers(MIMEMultipart("mixed"), "Statement inline")
message.attach(MIMEText("See below.", "plain"))
part = MIMEApplication(pdf, "pdf")
part.add_header("Content-Disposition", "inline")
message.attach(part)
write("inline-pdf", message)

# The PDF declared as application/octet-stream, named .pdf.
message = headers(MIMEMultipart("mixed"), "Octet stream")
message.attach(MIMEText("Attached.", "plain"))
message.attach(attached("application", "octet-stream", pdf, encoders.encode_base64, "estatement.pdf"))
write("octet-stream-pdf", message)

# A forwarded message (message/rfc822) holding the bank's mail and its statement.
inner = headers(EmailMessage(), "Your March statement")
inner.set_content("Your statement is attached.")
inner.add_attachment(pdf, maintype="application", subtype="pdf", filename="march.pdf")
message = headers(EmailMessage(), "Fwd: Your March statement")
message.set_content("Forwarding this one.")
message.add_attachment(inner)
write("forwarded", message)

# The CSV export quoted-printable, and a QFX as base64 named by its extension alone.
message = headers(MIMEMultipart("mixed"), "Exports")
message.attach(MIMEText("Two exports.", "plain"))
message.attach(attached("text", "csv", csv, encoders.encode_quopri, "activity.csv"))
message.attach(attached("application", "octet-stream", qfx, encoders.encode_base64, "download.qfx"))
write("quoted-printable-and-base64", message)

# No attachment at all.
message = headers(EmailMessage(), "Just a note")
message.set_content("No statement here.")
write("no-attachment", message)

# An HTML-only notice with a link (the statement is on the bank's site), its logo inline.
message = headers(MIMEMultipart("related"), "Your statement is ready")
message.attach(
    MIMEText('<p><img src="cid:logo"> Your statement is ready. <a href="https://harbor.example/statements">Sign in</a> to see it.</p>', "html")
)
logo = MIMEBase("image", "png")
logo.set_payload(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
encoders.encode_base64(logo)
logo.add_header("Content-ID", "<logo>")
logo.add_header("Content-Disposition", "inline")
message.attach(logo)
write("html-notice", message)

# A ZIP of statements, with a readme beside them.
archive = io.BytesIO()
with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zip:
    zip.writestr("2024/january.pdf", pdf)
    zip.writestr("2024/february.csv", csv)
    zip.writestr("README.txt", "Your statements for the year.")
message = headers(EmailMessage(), "Statements 2024")
message.set_content("All of them, zipped.")
message.add_attachment(archive.getvalue(), maintype="application", subtype="zip", filename="statements-2024.zip")
write("zip", message)

# A Word document where a statement would be: kept out, saying what it is.
message = headers(EmailMessage(), "Letter")
message.set_content("A letter.")
message.add_attachment(b"GIF89a" + b"\x00" * 32, maintype="application", subtype="pdf", filename="not-really.pdf")
write("wrong-type", message)

# 150 ZIPs of 50 notes each beside a QFX: 7,500 files that are not statements, one that is.
message = headers(EmailMessage(), "Archives")
message.set_content("Everything, zipped.")
message.add_attachment(qfx, maintype="application", subtype="octet-stream", filename="download.qfx")
for number in range(150):
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zip:
        for entry in range(50):
            zip.writestr("notes-%d-%d.txt" % (number, entry), "note %d %d" % (number, entry))
    message.add_attachment(archive.getvalue(), maintype="application", subtype="zip", filename="archive-%d.zip" % number)
write("many-zips", message)

# Ten thousand parts.
message = headers(MIMEMultipart("mixed"), "Many parts")
for index in range(10000):
    message.attach(attached("application", "octet-stream", b"x", lambda part: None, "part-%d.bin" % index))
write("ten-thousand-parts", message)
