// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A price feed with the interface of a Chainlink aggregator (AggregatorV3Interface), for the devnet,
/// where no oracle network reports: it answers the price kept in its storage, as of the current block,
/// so that a devnet saved days ago still reads as fresh. The devnet installs it at fixed addresses.
contract DevPriceFeed {
    /// USD per whole token, with 8 decimals, as Chainlink's USD feeds report.
    int256 private answer;

    uint8 public constant decimals = 8;

    function description() external pure returns (string memory) {
        return "Countersign devnet price feed (USD)";
    }

    function version() external pure returns (uint256) {
        return 4;
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 price, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return (1, answer, block.timestamp, block.timestamp, 1);
    }

    /// Anyone may set it: a devnet stand-in, never deployed anywhere else.
    function setAnswer(int256 price) external {
        answer = price;
    }
}
