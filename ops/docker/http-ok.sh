#!/bin/bash
# Container health check of the api, without curl, wget or a second Node process (the slim Node
# image has none of the first two):
#   bash ops/docker/http-ok.sh PORT PATH
# Healthy (exit 0) when GET http://127.0.0.1:PORT/PATH answers 2xx within 4 s. Bash's /dev/tcp opens the connection.
set -u
port=$1
path=$2
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$path" "$port" >&3
IFS=' ' read -r -t 4 _ status _ <&3 || { echo "No answer from 127.0.0.1:$port$path within 4 s." >&2; exit 1; }
case $status in
  2??) exit 0 ;;
  *) echo "127.0.0.1:$port$path answered $status." >&2; exit 1 ;;
esac
