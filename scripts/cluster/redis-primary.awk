# Reads a Redis cluster's CLUSTER NODES and prints "HOST<TAB>PORT<TAB>ROLE" of the live master serving the lowest
# slot (slot 0 while every slot is served): a fault hits the same share of the keys whichever node holds it after
# earlier failovers. Migrating-slot entries ("[..]") are skipped; the address field may be "ip:port@cport" or
# "ip:port@cport,hostname". Prints nothing when no live master serves a slot.
# The one rule for both fault paths: scripts/stores/redisjson.sh (local cluster) and scripts/provision/fault.sh (AWS).
$3 ~ /master/ && $3 !~ /fail|handshake|noaddr/ {
  split($2, addr, "[:@,]")
  slots = ""
  first = ""
  for (i = 9; i <= NF; i++) {
    if ($i !~ /^\[/) {
      slots = slots (slots == "" ? "" : ",") $i
      if (first == "") first = $i + 0
    }
  }
  if (slots != "" && (best == "" || first < low)) {
    low = first
    best = addr[1] "\t" addr[2] "\tmaster of slots " slots
  }
}
END { if (best != "") print best }
