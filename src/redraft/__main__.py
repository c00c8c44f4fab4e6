from redraft.cli import main

main()
