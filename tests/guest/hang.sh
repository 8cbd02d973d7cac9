# variants: none
# A guest that never ends: the harness's own test of its timeout.
echo "hanging on purpose"
while :; do sleep 60; done
