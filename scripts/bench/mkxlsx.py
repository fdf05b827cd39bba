# A bare XLSX of N rows x 20 numeric cells, no shared strings (security review w7-s; ADR 026 addendum):
# python3 scripts/bench/mkxlsx.py <rows> <out.xlsx>
import sys, zipfile
rows=int(sys.argv[1]); cols=20; out=sys.argv[2]
def col(i):
    s=""
    i+=1
    while i: i,r=divmod(i-1,26); s=chr(65+r)+s
    return s
names=[col(i) for i in range(cols)]
ct='''<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'''
rels='''<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'''
wb='''<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'''
wbrels='''<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'''
with zipfile.ZipFile(out,"w",zipfile.ZIP_DEFLATED,compresslevel=9) as z:
    z.writestr("[Content_Types].xml",ct); z.writestr("_rels/.rels",rels); z.writestr("xl/workbook.xml",wb); z.writestr("xl/_rels/workbook.xml.rels",wbrels)
    with z.open("xl/worksheets/sheet1.xml","w") as f:
        f.write(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')
        for r in range(1,rows+1):
            f.write(('<row r="%d">'%r + "".join('<c r="%s%d"><v>1</v></c>'%(n,r) for n in names) + '</row>').encode())
        f.write(b'</sheetData></worksheet>')
