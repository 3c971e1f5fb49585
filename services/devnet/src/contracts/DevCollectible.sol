// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// An ERC721 whose metadata lives on chain: tokenURI is a data: URI of JSON with an SVG image,
/// so collectibles render without any server.
contract DevCollectible is ERC721 {
    address public immutable minter;

    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) {
        minter = msg.sender;
    }

    function mint(address to, uint256 tokenId) external {
        require(msg.sender == minter, "only the minter");
        _mint(to, tokenId);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory id = Strings.toString(tokenId);
        string memory hue = Strings.toString((tokenId * 47) % 360);
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
            '<rect width="100" height="100" fill="hsl(', hue, ',70%,50%)"/>',
            '<text x="50" y="58" font-size="24" text-anchor="middle" fill="white">#', id, "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"', name(), " #", id,
            '","description":"A collectible minted on the Countersign devnet.",',
            '"image":"data:image/svg+xml;base64,', Base64.encode(bytes(svg)), '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
